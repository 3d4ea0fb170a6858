// One time format per language: what Intl writes (the call window of the thank-you dialog, the report's times) is
// written as the copy writes its hours (the call slots, the consent texts): "11 AM", "11 a. m.".
import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from '../../engine/languages.ts';
import { callWindowParts } from '../../widgets/shared/call-window.ts';
import { copy, type Lang } from '../testing/copy.ts';

describe.each(['en', 'es'] as const)('%s', (lang: Lang) => {
  it('writes a call window’s hours as the call slot that asked for them', () => {
    // 11 AM to 12 PM in Chicago on Monday, November 30, 2026.
    const { from, to } = callWindowParts({ from: '2026-11-30T17:00:00.000Z', to: '2026-11-30T18:00:00.000Z', timeZone: 'America/Chicago' }, lang);
    expect(copy(lang, 'common:callTime.s11')).toBe(`${from} - ${to}`);
  });

  it('writes a time of day in 12 hours, with the copy’s PM', () => {
    const time = dateTimeFormat(lang, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date('2026-11-30T17:30:00Z'));
    expect(time).toBe(`5:30 ${copy(lang, 'report:screen.calendar.pm')}`);
  });
});
