// The report-search rules the results page and GET /api/reports/search both apply (engine/report-search.ts).
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isLatitude, isLongitude, isVehicleYear, recentDays, yearRange } from '../../engine/report-search.ts';

describe('report search rules', () => {
  it('moves dates by calendar days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-03', -14)).toBe('2025-12-20');
    expect(daysBetween('2025-12-20', '2026-01-03')).toBe(14);
  });

  it('covers the last 14 days up to today when a place search names no dates', () => {
    expect(recentDays('2026-03-20')).toEqual({ from: '2026-03-06', to: '2026-03-20' });
  });

  it('matches a year exactly, or two years either side', () => {
    expect(yearRange(2018, 'exact')).toEqual([2018, 2018]);
    expect(yearRange(2018, 'approx')).toEqual([2016, 2020]);
  });

  it('takes vehicle years from 1900 to this year, and points on earth', () => {
    expect([1899, 1900, 2026, 2027, 2020.5].map((year) => isVehicleYear(year, 2026))).toEqual([false, true, true, false, false]);
    expect([isLatitude(90), isLatitude(-90.1), isLongitude(180), isLongitude(180.5), isLatitude(Number.NaN)]).toEqual([true, false, true, false, false]);
  });
});
