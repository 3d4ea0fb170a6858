// The next screen is drawn ahead, out of sight, once the browser is idle: nobody can see, reach or hear it, and none of
// its effects run (a redirect does not leave) until a step change shows it. Each step is a screen of its own: a step
// under the same heading as the one before does not inherit its widgets' state (src/funnel/screens-ahead.ts).
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { FIXTURE_NS } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

const flow: Flow = {
  id: 'screens-ahead',
  version: 1,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '0',
  answers: {},
  steps: {
    '0': {
      title: 'fixture:consult',
      blocks: [{ widget: 'intro', props: { text: 'fixture:intro.text', points: [] } }],
      nav: { next: 'common:nav.continue' },
      on: { NEXT: { target: '1' } },
    },
    '1': {
      title: 'errors:THANK_YOU',
      blocks: [{ widget: 'redirect', props: { href: '/elsewhere', text: 'camp-lejeune:step5.redirect' } }],
      final: true,
    },
  },
  effects: {},
};

beforeEach(() => {
  sessionStorage.clear();
});

describe('the next screen, drawn ahead', () => {
  it('is drawn out of sight without running, and runs once a step change shows it', async () => {
    const user = renderFunnel(flow);
    // Drawn ahead (found among hidden elements) but hidden from everyone, and its redirect has not left the page.
    await waitFor(() => expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Taking you to more information'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
    expect(window.location.pathname).toBe('/test');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/elsewhere'));
  });
});

/** Two steps under one heading asking different questions: the second adds one to the first. */
const twoSteps = (fields: string[]): Flow['steps'][string] => ({
  title: 'fixture:consult',
  blocks: [
    { widget: 'questions', props: { fields: fields.map((name) => ({ name, kind: 'yesno', label: `fixture:q.${name}`, info: 'fixture:q.injuriesInfo' })) } },
  ],
  nav: { next: 'common:nav.next' },
  on: { NEXT: { target: fields.length === 1 ? '2' : '3' } },
});

const sameHeading: Flow = {
  id: 'same-heading',
  version: 1,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '1',
  answers: { fault: null, commercial: null },
  steps: {
    '1': twoSteps(['fault']),
    '2': twoSteps(['fault', 'commercial']),
    '3': { title: 'errors:THANK_YOU', blocks: [], final: true },
  },
  effects: {},
};

describe('a screen', () => {
  it('is its step: a step under the same heading as the one before starts with widgets of its own', async () => {
    const user = renderFunnel(sameHeading);
    const faultInfo = () => screen.getByRole('button', { name: 'More information about Were you at fault?' });
    await user.click(faultInfo());
    expect(faultInfo()).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('radiogroup', { name: 'Was a commercial vehicle involved?' });
    expect(faultInfo()).toHaveAttribute('aria-expanded', 'false');
  });
});
