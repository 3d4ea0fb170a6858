// The app's "Send a new code" (issue 23, part 5): the code step's resend is the funnel's own sendCode effect, the same
// POST /api/user/mfa-sms-send its contact step made (country_code, phone, source, language: the flow's body, rendered for
// the answers, language and route), answered as the step shows it: the flow's message for the API's error, with the
// wait a 429 names. The funnels' pages provide it (src/routes.tsx), as they provide the link's confirmation: the browser
// walk of tests/e2e/code-link.test.ts finds it on the calculator's code step.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectInput } from '../../engine/machine.ts';
import { codeResender } from '../../src/api/phone-link.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { loadFlow } from '../testing/flows.ts';

const fetchMock = vi.fn<typeof fetch>();
const answers = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(202) 555-0123', code: '' };
const signal = () => new AbortController().signal;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(json(200, { success: true }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const sent = () => {
  const [input, init] = fetchMock.mock.calls.at(-1)!;
  return { path: urlOf(input).pathname, method: init?.method, body: JSON.parse(init?.body as string) as unknown };
};

describe("the code step's resend", () => {
  it.each([
    ['calculator', '/calculate-your-accident-claim-value', 'calc'],
    ['attorney', '/request-attorney', 'direct'],
    ['notify-me', '/notify-me', 'notify-me'],
    ['notify-me', '/alert-me', 'alert'],
  ])('%s at %s sends what its contact step sent (source %s)', async (id, route, source) => {
    const flow = loadFlow(id);
    const resend = codeResender(flow, { route });
    if (!resend) throw new Error('no resend');
    expect(await resend({ answers, locale: 'es' }, signal())).toEqual({ sent: true });
    const context = { answers, results: {}, query: {}, meta: { route }, locale: 'es', error: null };
    const step = effectInput(flow, 'sendCode', context, Date.now).requests[0]!;
    expect(sent()).toEqual({ path: `/api${step.path}`, method: 'POST', body: step.body });
    expect(sent().body).toEqual({ country_code: '+1', phone: '2025550123', source, language: 'es' });
  });

  it("answers a refusal with the flow's message and the API's wait", async () => {
    const resend = codeResender(loadFlow('calculator'), { route: '/calculate-your-accident-claim-value' });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'rate_limited', retryAfter: 480 }), { status: 429, headers: { 'retry-after': '480' } }),
    );
    expect(await resend?.({ answers, locale: 'en' }, signal())).toEqual({ sent: false, messageKey: 'errors:RATE_LIMITED', waitSeconds: 480 });
    fetchMock.mockResolvedValueOnce(json(502, { success: false, error: 'sms_failed' }));
    expect(await resend?.({ answers, locale: 'en' }, signal())).toEqual({ sent: false, messageKey: 'errors:CELL_PHONE_NUMBER_IS_INVALID_' });
    // No answer at all is said as such, not as an invalid number.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await resend?.({ answers, locale: 'en' }, signal())).toEqual({ sent: false, messageKey: 'errors:NETWORK_ERROR_TEXT' });
  });

  it('is none for a flow that sends no code', () => {
    const flow = loadFlow('calculator');
    delete (flow.effects as Record<string, unknown>).sendCode;
    expect(codeResender(flow, {})).toBeNull();
  });
});
