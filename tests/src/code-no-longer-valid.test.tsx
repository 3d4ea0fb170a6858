// The code step when the code died (issue 23, part 1): mfa-sms-verify's 400 code_expired tells the person, in their
// language, that the code is no longer valid and a new one comes by going back; the send's 429 sms_unavailable (the
// range or the service's budget, SMS pumping) says when to try again. Every funnel maps both.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allFlows } from '../testing/flows.ts';
import { json } from '../testing/fake-api.ts';
import { i18n } from '../testing/i18n.ts';
import { oneEffectFunnel } from '../testing/one-effect-funnel.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

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

  it('is named in every funnel that checks codes, with the send refused for now', () => {
    expect(flows.length).toBeGreaterThan(0);
    for (const flow of flows) {
      expect(flow.effects.verifyCode?.errors, flow.id).toMatchObject({ code_expired: 'errors:CODE_NO_LONGER_VALID' });
      expect(flow.effects.sendCode?.errors, flow.id).toMatchObject({ sms_unavailable: 'errors:SMS_UNAVAILABLE' });
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

  it('is a send refused for now, with the wait, when the range or the budget is spent', async () => {
    const sendCode = flows[0]?.effects.sendCode;
    if (!sendCode) throw new Error('no funnel sends codes');
    fetchMock.mockResolvedValue(json(429, { success: false, error: 'sms_unavailable', retryAfter: 900 }));
    const user = renderFunnel(oneEffectFunnel(sendCode));
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/We cannot text a code to this number right now\. Please try again in 15 minutes/));
  });
});
