// The page of a code text's link (/verify/{token}, issue 23 parts 1 and 5): it asks the API to confirm the send
// (POST /api/user/mfa-sms-link, with the browser's cookies) and says truthfully what came of it: confirmed in the
// browser that asked for the code; in any other, nothing was confirmed, and the code is typed where it was asked for.
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../src/i18n.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { loadCatalogue } from '../testing/i18n.ts';
import { renderAppAt } from '../testing/render-app.tsx';

const TOKEN = 'abcdefghijklmnopqrstuv';
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n('en', [], loadCatalogue);
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const t = async (key: string) => {
  await i18next.loadNamespaces('verify');
  return i18next.t(key);
};

describe("the page of a code text's link", () => {
  it("confirms the send with the browser's cookies and says the request goes on by itself", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    renderAppAt(`/verify/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: await t('verify:done.title') })).toBeVisible();
    expect(screen.getByText(await t('verify:done.text'))).toBeVisible();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input).pathname).toBe('/api/user/mfa-sms-link');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(init?.body as string)).toEqual({ token: TOKEN });
  });

  it.each(['en', 'es'])('in another browser, says nothing was confirmed and where to open it or type the code (%s)', async (lang) => {
    await i18next.changeLanguage(lang);
    fetchMock.mockResolvedValue(json(403, { success: false, error: 'other_browser' }));
    renderAppAt(`/verify/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: await t('verify:other.title') })).toBeVisible();
    expect(screen.getByText(await t('verify:other.text'))).toBeVisible();
    expect(screen.getByText(await t('verify:other.ignore'))).toBeVisible();
    expect(screen.queryByText(await t('verify:done.title'))).toBeNull();
    expect(screen.queryByText(await t('verify:done.text'))).toBeNull();
  });

  it('says an expired link is no longer valid', async () => {
    fetchMock.mockResolvedValue(json(404, { success: false, error: 'link_expired' }));
    renderAppAt(`/verify/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: await t('verify:expired.title') })).toBeVisible();
  });
});
