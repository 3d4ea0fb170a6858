// Copy lookup for widgets: keys without a namespace resolve in the flow's namespace, then in common.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function useCopy(ns: string) {
  const { t: fixedT, i18n } = useTranslation([ns, 'common', 'errors']);
  // Keys are data from flow files, so they are plain strings here, not typed catalogue keys.
  // Interpolated values are not HTML-escaped (React escapes output itself): i18next is set so once, at start (src/i18n.ts);
  // an interpolation option per call would rebuild its patterns on every call.
  const raw = fixedT as unknown as (key: string, options: Record<string, unknown>) => string;
  const t = useCallback<Translate>((key, values) => raw(key, { ...values, ns: [ns, 'common'] }), [raw, ns]);
  return { t, fixedT, lng: i18n.language };
}
