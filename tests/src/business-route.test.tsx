// /business/{id}/{userId} (spec §6): the report's screen, saying it came through a business partner's link, and the
// partner's token kept in local storage (business-user-token) for the leads this browser sends; a token the lead API
// would refuse is not kept.
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_TOKEN_KEY, visitMeta } from '../../src/attribution.ts';
import { initI18n } from '../../src/i18n.ts';
import { loadCatalogue } from '../testing/i18n.ts';
import { publicReport, REPORT_ID as ID } from '../testing/report-views.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { renderAppAt } from '../testing/render-app.tsx';

const fetchMock = vi.fn<typeof fetch>((input) =>
  Promise.resolve(urlOf(input).pathname === `/api/reports/${ID}` ? json(200, publicReport) : json(404, { error: 'not_found' })),
);

beforeAll(async () => {
  await initI18n('en', [], loadCatalogue);
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('a business partner link', () => {
  it.each(['en', 'es'])("shows the report's public screen with the partner's note and keeps the token (%s)", async (lang) => {
    await i18next.changeLanguage(lang);
    renderAppAt(`/business/${ID}/biz-user-42`);
    // The report's own section is drawn once the report and its copy are in.
    await screen.findByRole('heading', { level: 2, name: await i18next.loadNamespaces('report').then(() => i18next.t('report:screen.crash')) });
    expect(screen.getByRole('heading', { level: 1, name: i18next.t('report:screen.title') })).toBeVisible();
    expect(screen.getByText(i18next.t('report:screen.business.title'))).toBeVisible();
    expect(screen.getByText(i18next.t('report:screen.business.text'), { exact: false })).toBeVisible();
    // The public facts only: a partner's link proves no involvement.
    expect(urlOf(fetchMock.mock.calls[0]![0]).search).toBe('');
    expect(localStorage.getItem(BUSINESS_TOKEN_KEY)).toBe('biz-user-42');
    expect(visitMeta().businessUserToken).toBe('biz-user-42');
  });

  it('replaces an earlier token with the newest link', async () => {
    localStorage.setItem(BUSINESS_TOKEN_KEY, 'older');
    renderAppAt(`/business/${ID}/newer`);
    await screen.findByText(i18next.t('report:screen.business.title'));
    expect(localStorage.getItem(BUSINESS_TOKEN_KEY)).toBe('newer');
  });

  it('does not keep a token the lead API would refuse (over 512 characters, spaces)', async () => {
    for (const token of ['x'.repeat(513), 'two%20words']) {
      localStorage.clear();
      const { unmount } = renderAppAt(`/business/${ID}/${token}`);
      await screen.findByText(i18next.t('report:screen.business.title'));
      expect(localStorage.getItem(BUSINESS_TOKEN_KEY), token).toBeNull();
      unmount();
    }
  });

  it('is not on a report opened the usual way', async () => {
    renderAppAt(`/accident/${ID}`);
    await screen.findByRole('heading', { level: 2, name: await i18next.loadNamespaces('report').then(() => i18next.t('report:screen.crash')) });
    expect(screen.queryByText(i18next.t('report:screen.business.title'))).toBeNull();
    expect(localStorage.getItem(BUSINESS_TOKEN_KEY)).toBeNull();
  });
});
