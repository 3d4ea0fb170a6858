import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { captureAttribution, visitMeta } from '../../src/attribution.ts';
import { progressOf } from '../../src/funnel/FunnelPage.tsx';
import { formatWait } from '../../src/funnel/format-wait.ts';
import { loadCatalogue } from '../testing/i18n.ts';
import { initI18n, languageOf } from '../../src/i18n.ts';
import { loadFunnel } from '../../src/funnel/load-funnel.ts';
import { flows } from '../../src/flows.ts';
import { renderAppAt } from '../testing/render-app.tsx';

/** The app at a URL of this (jsdom) window, as a visitor landing there. */
beforeAll(async () => {
  await initI18n('en', [], loadCatalogue);
  // Funnel routes suspend until their code and flow are loaded (main.tsx starts that for the first page).
  await Promise.all(flows.map(loadFunnel));
});

describe('app shell', () => {
  it('takes the language from ?lang=, else the one chosen earlier in the tab, else English', async () => {
    sessionStorage.clear();
    expect(languageOf('?lang=es')).toBe('es');
    expect(languageOf('?lang=fr')).toBe('en');
    expect(languageOf('')).toBe('en');
    await i18next.changeLanguage('es');
    expect(languageOf('')).toBe('es');
    expect(languageOf('?lang=en')).toBe('en');
    await i18next.changeLanguage('en');
  });

  it('shows a not-found page with links to the funnels, in English and in Spanish', async () => {
    await i18next.changeLanguage('en');
    const { unmount } = renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Accident claim value calculator' })).toHaveAttribute('href', '/calculate-your-accident-claim-value');
    unmount();
    await i18next.changeLanguage('es');
    renderAppAt('/no-such-page?lang=es');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esa página' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Calculadora del valor de su reclamo por accidente' })).toHaveAttribute(
      'href',
      '/calculate-your-accident-claim-value?lang=es',
    );
    expect(document.documentElement.lang).toBe('es');
    await i18next.changeLanguage('en');
  });

  it('has a footer with terms, privacy, disclaimer and the language switch, hidden when the URL contains embed', async () => {
    const { unmount } = renderAppAt('/calculate-your-accident-claim-value');
    const footer = await screen.findByRole('contentinfo');
    for (const name of ['Terms of use', 'Privacy policy', 'Disclaimer']) expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Ver esta página en español' })).toBeInTheDocument();
    unmount();
    renderAppAt('/calculate-your-accident-claim-value?utm_source=embed');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it("opens the side menu with §1's links (find my report, notify me, consultation, about), then the other funnels", async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    renderAppAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    const links = [
      ['Home', '/'],
      ['Find my report', '/find-my-report'],
      ['Notify me', '/notify-me'],
      ['Request a free consultation', '/request-attorney'],
      ['Accidents near me', '/accidents-near-me'],
      ['About us', '/about'],
    ];
    for (const [name, href] of links) expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(await within(menu).findByRole('link', { name: 'Accident claim value calculator' })).toBeInTheDocument();
    // The funnels named above are not listed twice.
    expect(within(menu).queryByRole('link', { name: 'Find my accident report' })).toBeNull();
  });

  it('has a home screen that puts finding the report first, then notify me, the calculator and a consultation', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help after a car accident' })).toBeInTheDocument();
    const actions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(actions.slice(0, 4)).toEqual([
      'Find your accident report',
      "Get notified when it's filed",
      'What is my claim worth?',
      'Talk to an attorney for free',
    ]);
    expect(screen.getByRole('link', { name: 'Find my report' })).toHaveAttribute('href', '/find-my-report');
    expect(screen.getByRole('link', { name: "Workers' compensation consultation" })).toHaveAttribute('href', '/workers-compensation');
  });

  it('keeps the landing query string in the ref cookie and the gclid for the lead', () => {
    captureAttribution('?lang=es');
    expect(document.cookie).not.toContain('ref=');
    captureAttribution('?gclid=abc123&utm_source=fb');
    expect(document.cookie).toContain(`ref=${encodeURIComponent('gclid=abc123&utm_source=fb')}`);
    // A later page load with another query (a reload, a language switch) keeps the first landing's attribution.
    captureAttribution('?utm_source=other');
    expect(document.cookie).toContain(`ref=${encodeURIComponent('gclid=abc123&utm_source=fb')}`);
    localStorage.setItem('business-user-token', 'biz-1');
    expect(visitMeta()).toMatchObject({ gclid: 'abc123', businessUserToken: 'biz-1', pageUrl: window.location.href });
    expect(visitMeta().visit).not.toBe(visitMeta().visit);
  });

  it('keeps the page that referred the first landing for the lead, not the app’s own pages', () => {
    const referrer = vi.spyOn(document, 'referrer', 'get');
    referrer.mockReturnValue(`${window.location.origin}/`);
    captureAttribution('');
    expect(visitMeta().referrer).toBeUndefined();
    referrer.mockReturnValue('https://www.google.com/');
    captureAttribution('');
    referrer.mockReturnValue('https://www.facebook.com/');
    captureAttribution('');
    expect(visitMeta().referrer).toBe('https://www.google.com/');
    referrer.mockRestore();
  });

  it('sizes the progress bar (step − 1) / 3 in every funnel, as its flow says (in percent)', async () => {
    const spec = (id: string) => Math.round(100 * Math.min(1, Math.max(0, (Number(id) - 1) / 3)));
    const loaded = await Promise.all(flows.map(loadFunnel));
    const steps = loaded.flatMap((flow) => Object.keys(flow.steps).map((id) => ({ flow, id })));
    expect(new Set(steps.map(({ id }) => id))).toEqual(new Set(['0', '1', '1.5', '1.75', '1.8', '1.85', '1.9', '2', '2.5', '3', '3.5', '4', '5']));
    for (const { flow, id } of steps) expect(Math.round(progressOf(flow, id) * 100), `${flow.id} step ${id}`).toBe(spec(id));
  });
});

describe('waiting times in messages', () => {
  it('reads in minutes, hours or days, in the visitor language', () => {
    expect(formatWait(1790, 'en')).toBe('30 minutes');
    expect(formatWait(5 * 3600, 'en')).toBe('5 hours');
    expect(formatWait(29 * 86400, 'es')).toBe('29 días');
    expect(formatWait(20, 'es')).toBe('1 minuto');
  });
});
