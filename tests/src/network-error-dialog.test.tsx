// §8: a lead submission that fails shows the Network Error dialog with the error text and a Retry; loading stops.
// Effects that are not submissions (sending a code) keep their inline alert.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EffectSpec } from '../../engine/types.ts';
import { i18n } from '../testing/i18n.ts';
import { oneEffectFunnel } from '../testing/one-effect-funnel.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';
import { json } from '../testing/fake-api.ts';

const t = (key: string) => i18n.t(key);

const funnel = (effect: EffectSpec) => oneEffectFunnel(effect, 'common:nav.submit');

const lead: EffectSpec = { method: 'POST', path: '/leads/create', body: { phone: '2025550123' }, outbox: true };
const code: EffectSpec = {
  method: 'POST',
  path: '/user/mfa-sms-send',
  body: { phone: '2025550123' },
  errors: { default: 'errors:CELL_PHONE_NUMBER_IS_INVALID_' },
};

const submitButton = () => screen.getByRole('button', { name: t('common:nav.submit'), hidden: true });
const thanks = () => screen.findByRole('heading', { level: 1, name: t('errors:THANK_YOU') });

describe('the Network Error dialog', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('appears when a submission cannot reach the API, with the error text and Retry, and Retry sends it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderFunnel(funnel(lead));
    await user.click(submitButton());

    const dialog = await screen.findByRole('alertdialog', { name: t('errors:NETWORK_ERROR') });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(`${t('app:funnel.outboxFailed')} Failed to fetch`);
    expect(within(dialog).getByRole('button', { name: t('app:funnel.retry') })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: t('common:nav.close') })).toBeInTheDocument();
    // Loading stops: the button no longer says Sending…, and the page repeats nothing behind the dialog.
    expect(submitButton()).toHaveTextContent(t('common:nav.submit'));
    expect(screen.getAllByText(t('app:funnel.outboxFailed'))).toHaveLength(1);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, { resultIds: [7] }));
    await user.click(within(dialog).getByRole('button', { name: t('app:funnel.retry') }));
    await thanks();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('idempotency-key')).toBeTruthy();
  });

  it('once closed, leaves the saved-on-this-device notice and a Retry in the page', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderFunnel(funnel(lead));
    await user.click(submitButton());
    const dialog = await screen.findByRole('alertdialog', { name: t('errors:NETWORK_ERROR') });
    await user.click(within(dialog).getByRole('button', { name: t('common:nav.close') }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(t('app:funnel.outboxFailed'));
    expect(submitButton()).toHaveTextContent(t('common:nav.submit'));
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, { resultIds: [8] }));
    await user.click(screen.getByRole('button', { name: t('app:funnel.retry') }));
    await thanks();
  });

  it('says a lapsed phone verification is the problem, not the connection; closed, the page keeps saying so', async () => {
    fetchMock.mockResolvedValue(json(403, { error: 'phone_not_verified' }));
    const user = renderFunnel(funnel(lead));
    await user.click(submitButton());

    const dialog = await screen.findByRole('alertdialog', { name: t('errors:NETWORK_ERROR') });
    expect(dialog).toHaveAccessibleDescription(t('errors:PHONE_VERIFICATION_EXPIRED'));
    expect(within(dialog).queryByText(t('errors:NETWORK_ERROR_TEXT'))).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: t('common:nav.close') }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('alert')).toHaveTextContent(t('errors:PHONE_VERIFICATION_EXPIRED'));
    expect(submitButton()).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows what the API answered when it refuses a submission, and Retry sends the submission again', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'validation', message: 'body/zip must match pattern' }));
    const user = renderFunnel(funnel(lead));
    await user.click(submitButton());

    const dialog = await screen.findByRole('alertdialog', { name: t('errors:NETWORK_ERROR') });
    expect(dialog).toHaveAccessibleDescription(i18n.t('errors:REQUEST_NOT_ACCEPTED', { detail: 'body/zip must match pattern' }));
    expect(within(dialog).queryByText(t('errors:NETWORK_ERROR_TEXT'))).toBeNull();

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, { resultIds: [9] }));
    await user.click(within(dialog).getByRole('button', { name: t('app:funnel.retry') }));
    await thanks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the message a flow names for a refusal', async () => {
    fetchMock.mockResolvedValue(json(403, { error: 'blacklisted', message: 'commercial number' }));
    const user = renderFunnel(funnel({ ...lead, errors: { blacklisted: 'errors:COMMERCIAL_USER', default: 'errors:NETWORK_ERROR_TEXT' } }));
    await user.click(submitButton());
    const dialog = await screen.findByRole('alertdialog', { name: t('errors:NETWORK_ERROR') });
    expect(dialog).toHaveAccessibleDescription(`${t('errors:COMMERCIAL_USER')} commercial number`);
  });

  it('is not used for an effect that is not a submission: its error stays inline', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'invalid_phone' }));
    const user = renderFunnel(funnel(code));
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('errors:CELL_PHONE_NUMBER_IS_INVALID_')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
