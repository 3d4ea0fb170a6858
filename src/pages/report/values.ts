// A report's coded values in words of the visitor's language (report:values), null when the report does not give one.
import type { TFunction } from 'i18next';

export type ValueOf = ReturnType<typeof valuesOf>;

export function valuesOf(t: TFunction<'report'>) {
  return {
    /**
     * A coded value (weather, damage area, ...): its name, or the code itself if the catalogue lacks it; other with the
     * report's own words (text) as Other (“Volcanic ash” on the report).
     */
    coded: (group: string, code: string | null | undefined, text?: string) => {
      if (!code) return null;
      const name = t(`values.${group}.${code}`, { defaultValue: code });
      return code === 'other' && text ? t('values.asWritten', { value: name, text }) : name;
    },
    yesNo: (value: boolean | null | undefined) => (value === null || value === undefined ? null : t(value ? 'values.yes' : 'values.no')),
    /** Seatbelt worn / not worn, airbags deployed / not deployed; the report's own words (text) when they said neither. */
    named: (group: 'seatbelt' | 'airbags', value: boolean | null | undefined, text?: string) =>
      text && (value === null || value === undefined)
        ? t('values.asWritten', { value: t('values.other'), text })
        : value === null || value === undefined
          ? null
          : t(`values.${group}.${value ? 'yes' : 'no'}`),
    count: (value: number | null | undefined) => (value === null || value === undefined ? null : String(value)),
  };
}
