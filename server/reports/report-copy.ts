// The report's copy on the server (the PDF): locales/<lang>/report.json, typed by the English catalogue.
import en from '../../locales/en/report.json' with { type: 'json' };
import es from '../../locales/es/report.json' with { type: 'json' };

export type ReportCopy = typeof en;
export type ReportLang = 'en' | 'es';

// The Spanish catalogue must hold every key of the English one: a missing key fails the type-check here.
const catalogues: Record<ReportLang, ReportCopy> = { en, es };

export const reportCopy = (lang: ReportLang): ReportCopy => catalogues[lang];

/** The text with its {{name}} placeholders filled in, as i18next does in the app. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

type EnumName = Exclude<keyof ReportCopy['values'], 'notReported' | 'yes' | 'no' | 'speedLimit' | 'seatbelt' | 'airbags'>;

/** The name of an enum value (weather 'fog-smoke' → 'Fog or smoke'); a value the catalogue lacks as it is. */
export function valueName(copy: ReportCopy, kind: EnumName, value: string): string {
  const names: Record<string, string> = copy.values[kind];
  return names[value] ?? value;
}
