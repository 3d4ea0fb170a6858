// The code step when the code died (issue 23, part 1): mfa-sms-verify's 400 code_expired tells the person, in their
// language, that the code is no longer valid and a new one comes by going back. A send past its limits (issue 32) is
// no refusal: the browser solves the proof of work the 428 asks for and sends again, and only a browser that cannot
// is told so. Every funnel maps both.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allFlows } from '../testing/flows.ts';
import { json } from '../testing/fake-api.ts';
import { i18n } from '../testing/i18n.ts';
import { oneEffectFunnel } from '../testing/one-effect-funnel.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';
import { newSendChallenge } from '../../server/store/send-challenges.ts';

const flows = allFlows().filter((flow) => flow.effects.verifyCode !== undefined);

describe('a code that is no longer valid', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('is named in every funnel that checks codes, with a proof of work that could not be done', () => {
    expect(flows.length).toBeGreaterThan(0);
    for (const flow of flows) {
      expect(flow.effects.verifyCode?.errors, flow.id).toMatchObject({ code_expired: 'errors:CODE_NO_LONGER_VALID' });
      expect(flow.effects.sendCode?.errors, flow.id).toMatchObject({ challenge_required: 'errors:CHALLENGE_FAILED' });
    }
  });

  it.each([
    ['en', "This code is no longer valid. Please go back and we'll text you a new one."],
    ['es', 'Este código ya no es válido. Regrese y le enviaremos uno nuevo por mensaje de texto.'],
  ])('is told so in %s, not that the code is wrong', async (lang, text) => {
    await i18n.changeLanguage(lang);
    const verifyCode = flows[0]?.effects.verifyCode;
    if (!verifyCode) throw new Error('no funnel checks codes');
    fetchMock.mockResolvedValue(json(400, { success: false, error: 'code_expired' }));
    const user = renderFunnel(oneEffectFunnel(verifyCode));
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
  });

  it('sends again with the proof of work solved when the API asks for one, and says nothing of it', async () => {
    const sendCode = flows[0]?.effects.sendCode;
    if (!sendCode) throw new Error('no funnel sends codes');
    const challenge = await newSendChallenge('key', '+12025550123', 1, Date.now());
    fetchMock.mockResolvedValueOnce(json(428, { success: false, error: 'challenge_required', challenge }));
    fetchMock.mockResolvedValueOnce(json(200, { success: true }));
    const user = renderFunnel(oneEffectFunnel(sendCode));
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    const headers = fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(JSON.parse(atob(headers['x-altcha'] ?? ''))).toMatchObject({
      challenge: challenge.challenge,
      signature: challenge.signature,
      number: expect.any(Number) as unknown,
    });
    // On to the next step, with no error said.
    await screen.findByRole('heading', { level: 1, name: i18n.t('errors:THANK_YOU') });
  }, 20_000);

  it('says so, in the visitor language, when the proof of work cannot be done', async () => {
    await i18n.changeLanguage('es');
    const sendCode = flows[0]?.effects.sendCode;
    if (!sendCode) throw new Error('no funnel sends codes');
    // A challenge whose number is not in its range: no browser finds it.
    const challenge = { algorithm: 'SHA-256', challenge: '0'.repeat(64), maxnumber: 10, salt: 'abc', signature: '1'.repeat(64) };
    fetchMock.mockResolvedValue(json(428, { success: false, error: 'challenge_required', challenge }));
    const user = renderFunnel(oneEffectFunnel(sendCode));
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No pudimos confirmar que esta solicitud viene de una persona'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
