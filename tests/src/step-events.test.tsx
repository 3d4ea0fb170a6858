// The browser's step events: the funnel page hands its moves to the events code once that has loaded (the ones made
// before too); batches of 20 go by beacon, a completion at once, the rest when the page is hidden or closes; one visit
// id and one numbering per tab, across reloads; the landing's utm values unless they hold an e-mail address. The visit
// is one the server started (POST /api/visits, here a fake answer): asked once per tab, and again near its expiry.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { compileFlow } from '../../engine/machine.ts';
import type { EffectInput, Flow, Step } from '../../engine/types.ts';
import { startStepEvents, type SentEvent } from '../../src/analytics/step-events.ts';
import { FIXTURE_NS } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

/** Steps 1 to 12 one after the other; 11's Next creates the lead through the outbox. */
const flow: Flow = {
  id: 'step-events',
  version: 4,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '1',
  answers: {},
  steps: Object.fromEntries(
    Array.from({ length: 12 }, (_, i): [string, Step] => [
      String(i + 1),
      i === 11
        ? { title: 'errors:THANK_YOU', blocks: [], final: true }
        : {
            title: 'fixture:consult',
            blocks: [],
            nav: { next: 'common:nav.next' },
            on: { NEXT: i === 10 ? { effect: 'createLead', target: String(i + 2) } : { target: String(i + 2) } },
          },
    ]),
  ),
  effects: { createLead: { method: 'POST', path: '/leads/create', outbox: true } },
};

interface Batch {
  visit: string;
  sentAt: number;
  utmSource?: string;
  utmCampaign?: string;
  gclid: boolean;
  events: SentEvent[];
}

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const beacons: { url: string; batch: Promise<Batch> }[] = [];
/** The visits the fake server started (POST /api/visits), and when each expires from now. */
const visitsStarted: string[] = [];
let visitLifeMs = 24 * 60 * 60_000;
const token = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${Math.floor((Date.now() + visitLifeMs) / 1000)}.${'A'.repeat(22)}`;
const batches = () => Promise.all(beacons.map((beacon) => beacon.batch));
const short = (events: SentEvent[]) => events.map((e) => `${e.seq} ${e.kind} ${e.step ?? ''} ${e.by ?? ''}`.trim());

beforeEach(() => {
  beacons.length = 0;
  visitsStarted.length = 0;
  visitLifeMs = 24 * 60 * 60_000;
  sessionStorage.clear();
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url !== '/api/visits' || init?.method !== 'POST') return Promise.reject(new Error(`unexpected fetch ${url}`));
    const visit = token(visitsStarted.length + 1);
    visitsStarted.push(visit);
    return Promise.resolve({ ok: true, status: 201, json: () => Promise.resolve({ visit, expiresAt: Date.now() + visitLifeMs }) });
  });
  document.cookie = 'ref=; max-age=0; path=/';
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, body: Blob) => {
      beacons.push({ url, batch: textOf(body).then((text) => JSON.parse(text) as Batch) });
      return true;
    },
  });
});
/** What each test started, stopped after it (their page listeners would hear the next test's page events). */
const started: { stop: () => void }[] = [];
afterEach(() => {
  for (const events of started.splice(0)) events.stop();
  vi.unstubAllGlobals();
});

/** The machine of the flow (its lead answered at once) with the events code watching it, as the funnel page has it, once its visit is known. */
async function watched() {
  const machine = compileFlow(flow, { now: Date.now }).provide({
    actors: { createLead: fromPromise<unknown, EffectInput>(() => Promise.resolve({ resultIds: [1] })) },
  });
  const actor = createActor(machine, { input: { locale: 'es' } }).start();
  const events = startStepEvents(flow, 'b');
  started.push(events);
  events.move({ at: Date.now(), event: 'xstate.init', snapshot: actor.getSnapshot() as AnyMachineSnapshot });
  actor.system.inspect((inspected) => {
    if (inspected.type === '@xstate.snapshot' && inspected.actorRef === actor)
      events.move({ at: Date.now(), event: inspected.event.type, snapshot: inspected.snapshot as AnyMachineSnapshot });
  });
  const next = async () => {
    actor.send({ type: 'NEXT' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  // The visit's token, from storage or the (fake) server.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { events, next };
}

describe('step events in the browser', () => {
  it("are taken from the funnel page's first step on, and sent to /api/events when the page goes away", async () => {
    // Without the lead (the page's effects would call the API).
    const user = renderFunnel({
      ...flow,
      id: 'step-events-page',
      steps: { ...flow.steps, '11': { ...flow.steps['1'], on: { NEXT: { target: '12' } } } as Step },
    });
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(beacons).toEqual([]);
    // The events code is fetched when the browser is first idle: until then, the page goes away unheard.
    await waitFor(
      () => {
        window.dispatchEvent(new Event('pagehide'));
        expect(beacons).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    const [batch] = await batches();
    expect(beacons[0]?.url).toBe('/api/events');
    expect(short(batch?.events ?? [])).toEqual([
      '0 shown 1',
      '1 left 1 NEXT',
      '2 shown 2',
      '3 left 2 NEXT',
      '4 shown 3',
      '5 left 3 NEXT',
      '6 shown 4',
      '7 left 4 NEXT',
      '8 shown 5',
      '9 left 5 NEXT',
      '10 shown 6',
      '11 closed 6',
    ]);
    expect(batch?.events[0]).toMatchObject({ flow: 'step-events-page', version: 4, variant: '', lang: 'en' });
  });

  it('sends 20 events at a time, a completion at once, and what is left when the page closes', async () => {
    const { next } = await watched();
    for (let i = 0; i < 9; i++) await next();
    expect(beacons).toHaveLength(0);
    await next();
    expect(beacons).toHaveLength(1);
    expect(short((await batches())[0]?.events ?? []).slice(-2)).toEqual(['18 shown 10', '19 left 10 NEXT']);
    await next();
    await waitFor(() => expect(beacons).toHaveLength(2));
    expect(short((await batches())[1]?.events ?? [])).toEqual(['20 shown 11', '21 left 11 NEXT', '22 shown 12', '23 completed']);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(3);
    const closing = (await batches())[2];
    expect(short(closing?.events ?? [])).toEqual(['24 closed 12']);
    expect(closing?.events[0]).toMatchObject({ flow: 'step-events', version: 4, variant: 'b', lang: 'es' });
  });

  it('keeps one visit and one numbering per tab across reloads, and comes back from the back/forward cache', async () => {
    const first = await watched();
    window.dispatchEvent(new Event('pagehide'));
    first.events.stop();
    // The reloaded page: the same tab's storage.
    const second = await watched();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    second.events.stop();
    const [a, b] = await batches();
    expect(b?.visit).toBe(a?.visit);
    expect(a?.visit).toBe(visitsStarted[0]);
    expect(visitsStarted).toHaveLength(1);
    // Each page numbers from a block of its own: the second page's come after the first's, whatever ended the first.
    expect([short(a?.events ?? []), short(b?.events ?? [])]).toEqual([
      ['0 shown 1', '1 closed 1'],
      ['10000 shown 1', '10001 closed 1'],
    ]);
    sessionStorage.clear();
    const otherTab = await watched();
    otherTab.events.stop();
    expect((await batches())[2]?.visit).not.toBe(a?.visit);
  });

  it("sends the landing's utm source and campaign and whether a gclid came, but no e-mail address", async () => {
    document.cookie = `ref=${encodeURIComponent('utm_source=news&utm_campaign=ana@example.com&gclid=G-1')}; path=/`;
    sessionStorage.setItem('claimflow:gclid', 'G-1');
    (await watched()).events.stop();
    const [batch] = await batches();
    expect([batch?.utmSource, batch?.utmCampaign, batch?.gclid]).toEqual(['news', undefined, true]);
    expect(JSON.stringify(batch)).not.toContain('G-1');
  });

  it("waits for its visit before sending, and starts a new one when the tab's has less than an hour left", async () => {
    visitLifeMs = 30 * 60_000;
    const first = await watched();
    window.dispatchEvent(new Event('pagehide'));
    first.events.stop();
    const second = await watched();
    second.events.stop();
    expect(visitsStarted).toHaveLength(2);
    expect((await batches()).map((b) => b.visit)).toEqual(visitsStarted);
    // A server that does not answer: the events wait unsent, none goes without a visit.
    sessionStorage.clear();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const offline = await watched();
    offline.events.stop();
    expect(beacons).toHaveLength(2);
  });
});
