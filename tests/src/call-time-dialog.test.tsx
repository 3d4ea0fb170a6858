// The funnels' last step: the person picks a call time, the API answers the window it means, and the thank-you dialog
// says the day and hours they will be called, in their language. Each funnel with a call time, from its own flow file;
// and the calculator's lead types, whose calls the last step lists once the sponsor who calls was named.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { acmeLaw, backCare, leadNotices, loadFlow, noticeOf } from '../testing/flows.ts';
import { i18n } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';
import { json, urlOf } from '../testing/fake-api.ts';

/**
 * The flow, started on the step that offers the call time, after a lead was created and the consultation asked for
 * beside the notice naming the sponsor who may call.
 */
function atCallTime(file: string): Flow {
  const flow = loadFlow(file);
  const [stepId] = Object.entries(flow.steps).find(([, step]) => step.blocks.some((b) => b.widget === 'call-time')) ?? [];
  if (!stepId) throw new Error(`${file} offers no call time`);
  const notice = noticeOf(leadNotices(flow).calls, [acmeLaw]);
  return { ...flow, id: `${flow.id}-call-time`, initial: stepId, answers: { ...flow.answers, legalConsult: true, q1: true, notice } };
}

describe.each(['calculator', 'medical', 'truck', 'workers-comp', 'camp-lejeune', 'notify-me', 'find-my-report'])('the call time of %s', (file) => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', "We'll call you on Monday, November 30, between 9 AM and 10 AM (Central Time)."],
    ['es', 'Le llamaremos el lunes, 30 de noviembre, de 9 a. m. a 10 a. m. (hora central).'],
  ])('ends with the day and hours of the call (%s)', async (lang, sentence) => {
    await i18n.changeLanguage(lang);
    const window = { from: '2026-11-30T15:00:00.000Z', to: '2026-11-30T16:00:00.000Z', timeZone: 'America/Chicago' };
    fetchMock.mockResolvedValue(json(200, { success: true, window }));
    const user = renderFunnel(atCallTime(file));
    await user.click(await screen.findByRole('radio', { name: i18n.t('common:callTime.s9') }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^(${i18n.t('common:nav.submit')}|${i18n.t('common:nav.done')})$`) }));

    const dialog = await screen.findByRole('dialog', { name: i18n.t('errors:THANK_YOU') });
    expect(dialog).toHaveTextContent(sentence);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/leads/update/time');
    expect(JSON.parse(init?.body as string)).toMatchObject({ preferredCallTime: '9am - 10am' });
    // The browser's zone goes along: the API schedules in it when the lead names no ZIP or state.
    await waitFor(() => expect(new Headers(init?.headers).get('time-zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone));
  });
});

describe("the calculator's lead types", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('end with when each chosen service will call', async () => {
    const flow = loadFlow('calculator');
    const leadTypeWindows = { Chiropractor: { from: '2026-11-30T18:00:00.000Z', to: '2026-11-30T23:00:00.000Z', timeZone: 'America/Chicago' } };
    // The API: who the lead would go to (one sponsor, named by the notice), then the lead created.
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).pathname === '/api/leads/sponsors' ? json(200, { sponsors: [backCare] }) : json(200, { resultIds: [7], lead: { id: 7, leadTypeWindows } }),
      ),
    );
    const contact = { name: 'Maria Lopez', email: 'maria@example.com', phone: '(202) 555-0123' };
    const user = renderFunnel({ ...flow, id: 'calculator-lead-types', initial: '3.5', answers: { ...flow.answers, ...contact, legalConsult: false } });
    const submit = await screen.findByRole('button', { name: i18n.t('common:nav.submit') });
    await user.click(await screen.findByRole('checkbox', { name: i18n.t('common:leadTypes.services.Chiropractor.name') }));
    await screen.findByText(/you agree that Back Care Chiropractic may call or text you/);
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    const calls = await screen.findByRole('region', { name: i18n.t('common:callWindows.title') });
    expect(calls).toHaveTextContent(`${i18n.t('common:leadTypes.services.Chiropractor.name')}Monday, November 30, between 12 PM and 5 PM (Central Time)`);

    // Who it would go to was asked about the lead as it would be sent, without the person's name, phone or email.
    const bodyOf = (path: string) =>
      fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === path).map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
    const question = bodyOf('/api/leads/sponsors').at(-1)!;
    const chosen = { Chiropractor: expect.any(String) as unknown };
    expect(question).toMatchObject({
      path: '/leads/create/calc',
      lead: { legal_consult: false, leadTypes: chosen, consent: { flowId: 'calculator-lead-types' } },
    });
    expect(question.lead).not.toHaveProperty('phone');
    expect(question.lead).not.toHaveProperty('email');
    // The lead's consent is the notice the page showed beside Submit, naming that sponsor.
    const [lead] = bodyOf('/api/leads/create/calc');
    expect(lead).toMatchObject({
      legal_consult: false,
      leadTypes: chosen,
      consent: { key: 'common:consent.notice.lead.calls', sponsors: [backCare.id], locale: 'en' },
    });
    expect((lead!.consent as { text: string }).text).toBe(noticeOf('common:consent.notice.lead.calls', [backCare]).text);
  });
});
