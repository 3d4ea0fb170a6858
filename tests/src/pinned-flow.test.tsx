// A visit saved on a version of its funnel that a launch has since replaced: the page fetches that version from the
// API and resumes on it; if the API cannot give it, the visit starts anew on the built version instead of breaking.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { FIXTURE_NS } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

/** Version 1 of a funnel: a question step, then the consultation step. */
const version1 = (id: string): Flow => ({
  id,
  version: 1,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '1',
  answers: {},
  steps: {
    '1': { title: 'fixture:q.fault', blocks: [], nav: { next: 'common:nav.next' }, on: { NEXT: { target: '2' } } },
    '2': { title: 'fixture:consult', blocks: [], nav: { next: 'common:nav.next' }, on: { NEXT: { target: '3' } } },
    '3': { title: 'errors:THANK_YOU', blocks: [], final: true },
  },
  effects: {},
});
/** Its version 2, launched without the consultation step. */
function version2(v1: Flow): Flow {
  const { '2': _dropped, ...kept } = v1.steps;
  return { ...v1, version: 2, steps: { ...kept, '1': { ...v1.steps['1'], on: { NEXT: { target: '3' } } } as Flow['steps'][string] } };
}

const fetched: string[] = [];
/** The API's answer to GET /api/flows/<id>/1: version 1, or a 404 when the server does not have it. */
function serveVersion1(v1: Flow, found: boolean) {
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve(
      new Response(JSON.stringify(found ? v1 : { error: 'not_found' }), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } }),
    );
  });
}

/** A visit on version 1 left on its consultation step, its progress saved as the page went away. */
async function leftOnVersion1(v1: Flow) {
  const user = renderFunnel(v1);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Would you like a free legal consultation?' });
  window.dispatchEvent(new PageTransitionEvent('pagehide'));
  cleanup();
}

/** The page drawn on the launched build, in an async act: it suspends while it fetches, and React retries it in act's scope. */
const launched = (flow: Flow) =>
  act(() => {
    renderFunnel(flow);
    return Promise.resolve();
  });

beforeEach(() => {
  sessionStorage.clear();
  fetched.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a visit that spans a launch', () => {
  it('resumes on the version it began on, fetched from the API', async () => {
    const v1 = version1('pinned-flow');
    await leftOnVersion1(v1);
    serveVersion1(v1, true);
    await launched(version2(v1));
    expect(await screen.findByRole('heading', { name: 'Would you like a free legal consultation?' })).toBeInTheDocument();
    expect(fetched).toEqual(['/api/flows/pinned-flow/1']);
  });

  it('starts anew on the built version when the API cannot give the old one', async () => {
    const v1 = version1('unpinned-flow');
    await leftOnVersion1(v1);
    serveVersion1(v1, false);
    await launched(version2(v1));
    expect(await screen.findByRole('heading', { name: 'Were you at fault?' })).toBeInTheDocument();
    await waitFor(() => expect(fetched).toHaveLength(1));
  });
});
