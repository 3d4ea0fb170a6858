// The funnel's steps in the browser history: each screen is an entry (the phone's Back goes back a step), except a step
// marked history: false, which only passes (a search running): Back from the step after it returns to the one before.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { FunnelRoute } from '../../src/funnel/FunnelPage.tsx';
import { i18n } from '../testing/i18n.ts';
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
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [true, 1],
    [false, 2],
  ])(
    'history: false is no entry of its own (passing %s: the third screen %i entries on), and Back from the step after it returns before it',
    async (passing, depth) => {
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
    },
  );

  it('a reload before the new step has its entry (written after its paint) stays on that step', async () => {
    const user = renderFunnel(flow(false));
    await heading('Continue');
    await waitFor(() => expect(window.history.state).toMatchObject({ step: '1' }));
    // The page goes away before its next paint: the answers are saved (pagehide), the entry of step 2 is not written.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Done');
    expect(window.history.state).toMatchObject({ step: '1' });
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    cleanup();
    vi.restoreAllMocks();
    // The reload: the same entry, the tab's storage as it was.
    render(
      <I18nextProvider i18n={i18n}>
        <FunnelRoute flow={flow(false)} />
      </I18nextProvider>,
    );
    await heading('Done');
    await waitFor(() => expect(window.history.state).toMatchObject({ step: '2', depth: 1 }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Done');
    window.history.back();
    await heading('Continue');
  });
});
