// A step change that keeps the screen (a question step and its answered twin: the same heading, blocks and buttons) keeps
// the widgets as they are, open info panels and focus included; a new heading takes focus, so a screen reader announces
// the screen.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Flow, Step } from '../../engine/types.ts';
import { FIXTURE_NS, i18n } from '../testing/i18n.ts';
import { renderFunnel as renderFlow } from '../testing/render-funnel.tsx';

const t = (key: string, options?: Record<string, string>) => i18n.t(key, options);

/** Two questions, with an info tip each; the first answer moves the flow to the twin step with the same heading. */
const questions: Step = {
  title: 'fixture:consult',
  blocks: [
    {
      widget: 'questions',
      props: {
        fields: [
          { name: 'fault', kind: 'yesno', label: 'fixture:q.fault', info: 'fixture:q.injuriesInfo' },
          { name: 'commercial', kind: 'yesno', label: 'fixture:q.commercial' },
        ],
      },
    },
  ],
  nav: { next: 'common:nav.next' },
  on: { ANSWER: { target: '1.5' }, NEXT: { target: '2' } },
};

const flow: Flow = {
  id: 'funnel-focus',
  version: 1,
  routes: ['/test'],
  namespace: FIXTURE_NS,
  initial: '1',
  answers: { fault: null, commercial: null },
  steps: {
    '1': questions,
    '1.5': { ...questions, progress: 17 },
    '2': { title: 'errors:THANK_YOU', blocks: [], final: true },
  },
  effects: {},
};

const renderFunnel = () => renderFlow(flow);

describe('moving between steps', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('keeps focus and open panels when the step changes but the heading does not, and focuses a new heading', async () => {
    const user = renderFunnel();
    const progress = screen.getByRole('progressbar');
    expect(progress).toHaveAttribute('aria-valuenow', '0');

    const info = screen.getByRole('button', { name: t('common:info.moreAbout', { topic: t('fixture:q.fault') }) });
    await user.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');

    const fault = screen.getByRole('radiogroup', { name: t('fixture:q.fault') });
    await user.click(within(fault).getByRole('radio', { name: t('common:yesno.no') }));

    // Step 1.5 now (the progress moved), drawn as the same screen.
    expect(progress).toHaveAttribute('aria-valuenow', '17');
    const answered = within(screen.getByRole('radiogroup', { name: t('fixture:q.fault') })).getByRole('radio', { name: t('common:yesno.no') });
    expect(answered).toBeChecked();
    expect(answered).toHaveFocus();
    expect(screen.getByRole('button', { name: t('common:info.moreAbout', { topic: t('fixture:q.fault') }) })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(t('fixture:q.injuriesInfo'))).toBeVisible();

    await user.click(screen.getByRole('button', { name: t('common:nav.next') }));
    expect(await screen.findByRole('heading', { level: 1, name: t('errors:THANK_YOU') })).toHaveFocus();
  });
});
