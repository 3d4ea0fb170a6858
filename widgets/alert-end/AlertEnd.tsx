// Until when a report alert texts, and what happens when it ends: the alert's end (the lead API's alert.expiresAt)
// written by Intl in the person's language and their browser's time zone, the zone they read the time in.
import type { WidgetProps } from '../types.ts';
import { useCopy } from '../shared/use-copy.ts';
import { dateTimeFormat } from '../../engine/languages.ts';

export type AlertEndProps = {
  /** Name of the computed value holding the alert's end, an ISO instant. */
  ends: string;
  /** Copy key of the sentence, {{date}} the end's day and time. */
  text: string;
};

export function AlertEnd({ props, computed, ns }: WidgetProps<AlertEndProps>) {
  const { t, lng } = useCopy(ns);
  const ends = computed[props.ends];
  const at = typeof ends === 'string' ? new Date(ends) : undefined;
  if (at === undefined || Number.isNaN(at.getTime())) return null;
  const date = dateTimeFormat(lng, { dateStyle: 'full', timeStyle: 'short' }).format(at);
  return <p className="widget alert-end">{t(props.text, { date })}</p>;
}
