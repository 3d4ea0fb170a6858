// The funnel's steps in the browser history: each screen is an entry (the phone's Back goes back a step), except a step
// marked history: false, which only passes (a search running): Back from the step after it returns to the one before.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

const step = (title: string, on: Flow['steps'][string]['on'], extra: Partial<Flow['steps'][string]> = {}) => ({
  title,
  blocks: [{ widget: 'intro', props: { text: title } }],
  nav: { next: 'common:nav.next' },
  on,
  ...extra,
});

/** 1 → 2 (passing) → 3, whose Back goes to 1. */
const flow = (passing: boolean): Flow => ({
  id: `funnel-history-${String(passing)}`,
  version: 1,
  routes: ['/test'],
  namespace: 'common',
  initial: '1',
  answers: {},
  steps: {
    '1': step('common:nav.continue', { NEXT: { target: '2' } }),
    '2': step('common:nav.done', { NEXT: { target: '3' }, BACK: { target: '1' } }, passing ? { history: false } : {}),
    '3': step('common:nav.close', { BACK: { target: '1' } }, { final: true }),
  },
  effects: {},
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('steps in the browser history', () => {
  beforeEach(() => sessionStorage.clear());

  it.each([
    [true, 1],
    [false, 2],
  ])('history: false is no entry of its own (passing %s: the third screen %i entries on), and Back from the step after it returns before it', async (passing, depth) => {
    const user = renderFunnel(flow(passing));
    await heading('Continue');
    await waitFor(() => expect(window.history.state).toMatchObject({ step: '1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Done');
    // Given the time a screen's entry is written in (after its paint).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.history.state).toMatchObject({ step: passing ? '1' : '2' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Close');
    await waitFor(() => expect(window.history.state).toMatchObject({ step: '3' }));
    expect((window.history.state as { depth: number }).depth).toBe(depth);
    window.history.back();
    await heading('Continue');
  });
});
