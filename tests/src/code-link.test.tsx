// The code step when a phone's guesses are used up (issue 23, part 1): every funnel shows mfa-sms-verify's 403
// confirm_by_link, in the person's language, as 'tap the link in the text' (the step then goes on by itself:
// tests/widgets/contact-link.test.tsx). And an alert funnel's phone that alerts cannot be texted to is refused at the
// contact step (issue 18: 400 alert_phone_country), not at the submission.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-api.ts';
import { allFlows } from '../testing/flows.ts';
import { i18n } from '../testing/i18n.ts';
import { oneEffectFunnel } from '../testing/one-effect-funnel.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

const flows = allFlows().filter((flow) => flow.effects.verifyCode !== undefined);
const alertFlows = allFlows().filter((flow) => flow.effects.createLead?.body !== undefined && JSON.stringify(flow.effects.createLead.body).includes('"alert"'));

describe("the code step when the phone's guesses are used up", () => {
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

  it('is named in every funnel that checks codes, and an alert funnel names a phone alerts cannot go to', () => {
    expect(flows.length).toBeGreaterThan(0);
    for (const flow of flows) expect(flow.effects.verifyCode?.errors, flow.id).toMatchObject({ confirm_by_link: 'errors:CONFIRM_BY_LINK' });
    expect(alertFlows.map((flow) => flow.id).sort()).toEqual(['find-my-report', 'notify-me']);
    for (const flow of alertFlows) expect(flow.effects.sendCode?.errors, flow.id).toMatchObject({ alert_phone_country: 'errors:ALERT_PHONE_COUNTRY' });
  });

  it.each([
    ['en', 'confirm_by_link', 'verifyCode', /Tap the link in the text we sent you: this page will go on by itself/],
    ['es', 'confirm_by_link', 'verifyCode', /Toque el enlace del mensaje de texto que le enviamos: esta página continuará sola/],
    ['en', 'alert_phone_country', 'sendCode', /We can't text report alerts to numbers of this country/],
    ['es', 'alert_phone_country', 'sendCode', /No podemos enviar alertas de informes por mensaje de texto a números de este país/],
  ])('says so in %s: %s', async (lang, error, effect, text) => {
    await i18n.changeLanguage(lang);
    const spec = alertFlows[0]?.effects[effect];
    if (!spec) throw new Error(`no ${effect}`);
    fetchMock.mockResolvedValue(json(error === 'confirm_by_link' ? 403 : 400, { success: false, error }));
    const user = renderFunnel(oneEffectFunnel(spec));
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
  });
});
