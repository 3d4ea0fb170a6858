// §8, a commercial user: the code request answered 'blacklisted' with the business sign-up page shows the message in
// the step's alert and in a warning dialog, whose Continue leaves for that page; without a page, the alert alone.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../testing/i18n.ts';
import { oneEffectFunnel } from '../testing/one-effect-funnel.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';
import { json } from '../testing/fake-api.ts';

const t = (key: string) => i18n.t(key);
const SIGNUP = 'https://business.example.com/signup';

/** A step whose Next sends the code, as the contact step does. */
const funnel = oneEffectFunnel({
  method: 'POST',
  path: '/user/mfa-sms-send',
  body: { country_code: '+1', phone: '2025550123' },
  errors: { blacklisted: 'errors:COMMERCIAL_USER', default: 'errors:CELL_PHONE_NUMBER_IS_INVALID_' },
});

describe('a commercial user', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const assign = vi.fn<(url: string) => void>();
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    assign.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // jsdom cannot leave the page: the funnel's way out to another site is window.location.assign.
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href, origin: window.location.origin });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sees why in the alert and in a warning dialog, whose Continue goes to the business sign-up page', async () => {
    fetchMock.mockResolvedValue(json(403, { success: false, error: 'blacklisted', redirect: SIGNUP }));
    const user = renderFunnel(funnel);
    await user.click(screen.getByRole('button', { name: t('common:nav.next') }));

    const dialog = await screen.findByRole('alertdialog', { name: t('errors:ATTENTION') });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(t('errors:COMMERCIAL_USER'));
    const go = within(dialog).getByRole('button', { name: t('common:nav.continue') });
    expect(go).toHaveFocus();
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent(t('errors:COMMERCIAL_USER'));
    // The time zone goes only with the lead API's requests (its fallback for scheduling calls): not with a code's.
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('time-zone')).toBeNull();

    await user.click(go);
    expect(assign).toHaveBeenCalledWith(SIGNUP);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('sees the alert alone when no sign-up page is configured', async () => {
    fetchMock.mockResolvedValue(json(403, { success: false, error: 'blacklisted' }));
    const user = renderFunnel(funnel);
    await user.click(screen.getByRole('button', { name: t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('errors:COMMERCIAL_USER')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is never sent to a page that is not http(s)', async () => {
    fetchMock.mockResolvedValue(json(403, { success: false, error: 'blacklisted', redirect: 'javascript:alert(1)' }));
    const user = renderFunnel(funnel);
    await user.click(screen.getByRole('button', { name: t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('errors:COMMERCIAL_USER')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
