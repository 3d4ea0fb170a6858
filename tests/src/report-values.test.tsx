// A report's coded values on its page, in both languages: a value no code stands for reads as other with the
// report's own words ("Other (“VOLCANIC ASH” on the report)"), a yes/no the report wrote as neither likewise.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/api/reports.ts';
import { CrashFacts } from '../../src/pages/report/CrashFacts.tsx';
import { valuesOf } from '../../src/pages/report/values.ts';
import { i18nFor, type Lang } from '../testing/i18n.ts';

const REPORT: Report = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  demo: false,
  occurredAt: '2026-11-20T17:30:00-06:00',
  state: 'TX',
  county: null,
  city: 'Austin',
  zip: null,
  location: { lat: 30.267, lng: -97.743 },
  policeDepartment: null,
  weather: 'other',
  weatherText: 'VOLCANIC ASH',
  roadCondition: 'wet',
  light: 'dawn-dusk',
  speedLimit: null,
  injuredCount: null,
  fatalCount: null,
  vehicleCount: 0,
  occupantCount: null,
  vehicles: [],
  involved: false,
};

/** The value shown beside a field's label (report:fields.<field>). */
const row = (lang: Lang, field: string) => screen.getByText(i18nFor(lang).t(`report:fields.${field}`)).parentElement?.querySelector('dd')?.textContent;

describe.each<[Lang, Record<string, string>]>([
  ['en', { other: 'Other (“VOLCANIC ASH” on the report)', wet: 'Wet', dawnDusk: 'Dawn or dusk', none: 'Not reported' }],
  ['es', { other: 'Otro («VOLCANIC ASH» en el informe)', wet: 'Mojada', dawnDusk: 'Amanecer o atardecer', none: 'No consta' }],
])('the report page in %s', (lang, words) => {
  it("shows other with the report's own words, a new code by its name, and no department as not reported", () => {
    render(
      <I18nextProvider i18n={i18nFor(lang)}>
        <CrashFacts report={REPORT} />
      </I18nextProvider>,
    );
    expect(row(lang, 'weather')).toBe(words.other);
    expect(row(lang, 'roadCondition')).toBe(words.wet);
    expect(row(lang, 'light')).toBe(words.dawnDusk);
    expect(row(lang, 'policeDepartment')).toBe(words.none);
  });

  it("names a vehicle's and a driver's values the same way", () => {
    const v = valuesOf(i18nFor(lang).getFixedT(lang, 'report'));
    const otherWord = lang === 'en' ? 'Other' : 'Otro';
    expect(v.coded('gender', 'other', 'X')).toBe(lang === 'en' ? 'Other (“X” on the report)' : 'Otro («X» en el informe)');
    expect(v.coded('damageArea', 'other')).toBe(lang === 'en' ? 'Other' : 'Otra');
    expect(v.named('seatbelt', null, 'CHILD SEAT')).toBe(
      lang === 'en' ? `${otherWord} (“CHILD SEAT” on the report)` : `${otherWord} («CHILD SEAT» en el informe)`,
    );
    expect(v.named('airbags', false, undefined)).toBe(lang === 'en' ? 'Not deployed' : 'No activadas');
  });
});
