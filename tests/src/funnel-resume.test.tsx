// A funnel's answers survive a reload: they are written when the browser is idle after a tap, and at once when the page
// goes away, so a page left right after an answer still comes back with it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { FIXTURE_NS } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

const flow: Flow = {
  id: 'funnel-resume',
  version: 1,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '1',
  answers: { fault: null },
  steps: {
    '1': {
      title: 'fixture:consult',
      blocks: [{ widget: 'questions', props: { fields: [{ name: 'fault', kind: 'yesno', label: 'fixture:q.fault' }] } }],
      nav: { next: 'common:nav.next' },
      on: { ANSWER: { target: '1' }, NEXT: { target: '2' } },
    },
    '2': { title: 'errors:THANK_YOU', blocks: [], final: true },
  },
  effects: {},
};

/** The page as a reload brings it back: drawn anew with what the tab's storage held when the page went away. */
function reload() {
  const stored = Object.entries<string>(sessionStorage);
  cleanup();
  sessionStorage.clear();
  for (const [key, value] of stored) sessionStorage.setItem(key, value);
  return renderFunnel(flow);
}

const faultAnswer = () => within(screen.getByRole('radiogroup', { name: 'Were you at fault?' })).getByRole('radio', { name: 'No' });

/** The same funnel, whose last step sends the person on elsewhere at once. */
const leaving: Flow = {
  ...flow,
  steps: {
    ...flow.steps,
    '2': { title: 'errors:THANK_YOU', blocks: [{ widget: 'redirect', props: { href: '/elsewhere', text: 'camp-lejeune:step5.redirect' } }], final: true },
  },
};

describe('answers across a reload', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('are kept when the page goes away right after the answer', async () => {
    const user = renderFunnel(flow);
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    reload();
    await waitFor(() => expect(faultAnswer()).toBeChecked());
  });

  it('are kept once the browser has been idle after the answer', async () => {
    const user = renderFunnel(flow);
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    reload();
    await waitFor(() => expect(faultAnswer()).toBeChecked());
  });

  it('are forgotten when the funnel ends and sends the person on, even if the page goes away before the browser is idle', async () => {
    const user = renderFunnel(leaving);
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.pathname).toBe('/elsewhere'));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('claimflow:flow:'))).toEqual([]);
  });
});
