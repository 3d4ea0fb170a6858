// The report's copy on the server (the PDF): locales/<lang>/report.json, typed by the English catalogue.
import en from '../../locales/en/report.json' with { type: 'json' };
import es from '../../locales/es/report.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import esCommon from '../../locales/es/common.json' with { type: 'json' };
import { makeLabel } from '../../engine/vehicle-make.ts';

export type ReportCopy = typeof en;
export type ReportLang = 'en' | 'es';

// The Spanish catalogue must hold every key of the English one: a missing key fails the type-check here.
const catalogues: Record<ReportLang, ReportCopy> = { en, es };

export const reportCopy = (lang: ReportLang): ReportCopy => catalogues[lang];

const makes: Record<ReportLang, typeof enCommon.makes> = { en: enCommon.makes, es: esCommon.makes };

/** A vehicle make as the app shows it (engine/vehicle-make.ts): "Jeep", the list's categories in the language's words. */
export const makeName = (lang: ReportLang, make: string): string =>
  makeLabel(make, (key) => makes[lang][key.slice('common:makes.'.length) as keyof typeof enCommon.makes]);

/** The text with its {{name}} placeholders filled in, as i18next does in the app. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

type EnumName = Exclude<keyof ReportCopy['values'], 'notReported' | 'yes' | 'no' | 'speedLimit' | 'seatbelt' | 'airbags' | 'other' | 'asWritten'>;

/**
 * The name of an enum value (weather 'fog-smoke' → 'Fog or smoke'); a value the catalogue lacks as it is. With the
 * report's own words for a value no code stands for (other): Other (“Volcanic ash” on the report).
 */
export function valueName(copy: ReportCopy, kind: EnumName, value: string, text?: string): string {
  const names: Record<string, string> = copy.values[kind];
  const name = names[value] ?? value;
  return value === 'other' && text !== undefined ? asWritten(copy, name, text) : name;
}

/** A value shown with the report's own words for it. */
export const asWritten = (copy: ReportCopy, value: string, text: string) => fill(copy.values.asWritten, { value, text });
