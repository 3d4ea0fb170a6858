// A funnel's A/B test in the page: the visit runs the arm drawn from its tab's visit id, shows what the flow shows that
// arm, keeps it across a reload and after the weights change, and sends it with its step events.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawArm } from '../../engine/experiment.ts';
import type { Experiment, Flow } from '../../engine/types.ts';
import type { SentEvent } from '../../src/analytics/step-events.ts';
import { FIXTURE_NS } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

const VISIT = '0f8a4c2e-5b1d-4e7a-9c3f-2d6b8e1a4c7f';
const experiment: Experiment = {
  id: 'intro-copy',
  arms: [
    { name: 'a', weight: 1 },
    { name: 'b', weight: 1 },
  ],
};
/** The arm this tab's visit draws, and the one it does not. */
const drawn = drawArm(experiment, VISIT);
const other = drawn === 'a' ? 'b' : 'a';
/** What each arm shows on the first step. */
const text = (arm: string) => (arm === 'a' ? 'Answer a few questions.' : 'Would you like a free legal consultation?');

/** Arm a shows the intro's text, arm b the consultation question; Next goes on to the end. */
const flow = (arms = experiment.arms): Flow => ({
  id: 'experiment-arm',
  version: 2,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '1',
  answers: {},
  steps: {
    '1': {
      title: 'fixture:q.fault',
      blocks: [
        { widget: 'intro', when: { '==': [{ var: 'flow.variant' }, 'a'] }, props: { text: 'fixture:intro.text' } },
        { widget: 'intro', when: { '==': [{ var: 'flow.variant' }, 'b'] }, props: { text: 'fixture:consult' } },
      ],
      nav: { next: 'common:nav.next' },
      on: { NEXT: { target: '2' } },
    },
    '2': { title: 'errors:THANK_YOU', blocks: [], final: true },
  },
  effects: {},
  experiment: { ...experiment, arms },
});

/** The page drawn anew with what the tab's storage held (a reload). */
function reload(shown: Flow) {
  const stored = Object.entries<string>(sessionStorage);
  cleanup();
  sessionStorage.clear();
  for (const [key, value] of stored) sessionStorage.setItem(key, value);
  return renderFunnel(shown);
}

const beacons: Promise<{ events: SentEvent[] }>[] = [];
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('claimflow:analytics-visit', VISIT);
  beacons.length = 0;
  // The server starts the visit the step events are sent in (POST /api/visits).
  const visit = { visit: `${VISIT}.${Math.floor(Date.now() / 1000) + 86_400}.${'A'.repeat(22)}`, expiresAt: Date.now() + 86_400_000 };
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    url === '/api/visits' ? Promise.resolve({ ok: true, status: 201, json: () => Promise.resolve(visit) }) : realFetch(url, init),
  );
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (_url: string, body: Blob) => {
      beacons.push(
        new Promise((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(JSON.parse(reader.result as string) as { events: SentEvent[] });
          reader.readAsText(body);
        }),
      );
      return true;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an A/B test in the funnel page', () => {
  it('shows the arm drawn from the visit, and sends it with the step events', async () => {
    renderFunnel(flow());
    expect(await screen.findByText(text(drawn))).toBeInTheDocument();
    expect(screen.queryByText(text(other))).toBeNull();
    await waitFor(
      () => {
        window.dispatchEvent(new Event('pagehide'));
        expect(beacons.length).toBeGreaterThan(0);
      },
      { timeout: 10_000 },
    );
    const events = (await Promise.all(beacons)).flatMap((batch) => batch.events);
    expect(new Set(events.map((event) => event.variant))).toEqual(new Set([drawn]));
  });

  it('keeps its arm on reload, and when the weights change so that it would draw the other', async () => {
    const user = renderFunnel(flow());
    await screen.findByText(text(drawn));
    reload(flow());
    expect(await screen.findByText(text(drawn))).toBeInTheDocument();
    // All new visits now go to the other arm: this one stays, even on a new visit of the funnel in the tab.
    const moved = flow(experiment.arms.map((arm) => ({ ...arm, weight: arm.name === other ? 1 : 0 })));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    cleanup();
    sessionStorage.removeItem('claimflow:flow:experiment-arm');
    renderFunnel(moved);
    expect(await screen.findByText(text(drawn))).toBeInTheDocument();
    // A new tab's visit draws by the new weights.
    cleanup();
    sessionStorage.clear();
    sessionStorage.setItem('claimflow:analytics-visit', VISIT);
    renderFunnel(moved);
    expect(await screen.findByText(text(other))).toBeInTheDocument();
  });
});
