// §2.1: a funnel also answers under a state code (/tx/<route>), which the map picker reads; other prefixes stay not found.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { flows } from '../../src/flows.ts';
import { loadCatalogue } from '../testing/i18n.ts';
import { initI18n } from '../../src/i18n.ts';
import { STATE_PREFIXES } from '../../src/routes.tsx';
import { loadFunnel } from '../../src/funnel/load-funnel.ts';
import { renderAppAt } from '../testing/render-app.tsx';

/** The app at a URL of this (jsdom) window, as a visitor landing there. */
const NOT_FOUND = "We couldn't find that page";

beforeAll(async () => {
  await initI18n('en', [], loadCatalogue);
  // Funnel routes suspend until their code and flow are loaded (main.tsx starts that for the first page).
  await Promise.all(flows.map(loadFunnel));
});

describe('state-prefixed funnel routes', () => {
  const route = flows.flatMap((flow) => flow.routes).find((path) => /^\/[^/]+$/.test(path));
  if (!route) throw new Error('no flow has a one-segment route');

  it('are the eleven map states of §2.1', () => {
    expect([...STATE_PREFIXES].sort()).toEqual(['ca', 'ct', 'fl', 'ia', 'il', 'ky', 'ma', 'ny', 'oh', 'tx', 'ut']);
  });

  it.each(['tx', 'ny'])('/%s/<route> opens the same funnel as <route>', async (st) => {
    const { unmount } = renderAppAt(route);
    const heading = (await screen.findByRole('heading', { level: 1 })).textContent;
    unmount();
    renderAppAt(`/${st}${route}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading ?? '' })).toBeInTheDocument();
    expect(heading).not.toBe(NOT_FOUND);
  });

  it.each(['zz', 'us', 'nj'])('/%s/<route> is not found', async (st) => {
    renderAppAt(`/${st}${route}`);
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND })).toBeInTheDocument();
  });
});
