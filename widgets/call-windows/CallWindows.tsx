// When each chosen service will call (§2.9's AM/PM as windows): one line per service, the day and hours written by
// Intl in the person's language and the window's zone, from the windows the lead API answered (lead.leadTypeWindows).
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { callWindowParts, isCallWindow, type CallWindowValue } from '../shared/call-window.ts';
import { useCopy } from '../shared/use-copy.ts';
import './call-windows.css';

export type CallWindowsProps = {
  /** Name of the computed value holding the windows by service key: { Chiropractor: { from, to, timeZone } }. */
  windows: string;
};

export function CallWindows({ props, computed, ns }: WidgetProps<CallWindowsProps>) {
  const { t, lng } = useCopy(ns);
  const titleId = useId();
  const windows = computed[props.windows];
  const entries = Object.entries(windows && typeof windows === 'object' ? windows : {}).filter((e): e is [string, CallWindowValue] => isCallWindow(e[1]));
  if (entries.length === 0) return null;
  return (
    <section className="widget call-windows card" aria-labelledby={titleId}>
      <h2 id={titleId} className="widget__subtitle">
        {t('common:callWindows.title')}
      </h2>
      <ul className="call-windows__list">
        {entries.map(([service, window]) => (
          <li key={service}>
            <strong>{t(`common:leadTypes.services.${service}.name`)}</strong>
            <span>{t('common:callWindows.when', callWindowParts(window, lng))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
