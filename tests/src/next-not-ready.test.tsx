// A disabled Next or Submit always says why, next to it and to screen readers (issue 20 part 4): workers'
// compensation's Submit waits for Yes or No, then for both boxes, then for the notice of who may call; each step's
// widgets say what they wait for.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { declarations } from '../../widgets/declarations.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { acmeLaw, loadFlow } from '../testing/flows.ts';
import { i18n } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

/** The funnel as a visitor finds it on one of its steps. */
const atStep = (id: string, step: string): Flow => ({ ...loadFlow(id), initial: step });

/** POST /api/leads/sponsors answers when the test says (the sponsors' consent asks it who may call). */
let answerSponsors: (sponsors: unknown[]) => void = () => undefined;
const fetchMock = vi.fn<typeof fetch>();

describe('a disabled Next', () => {
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => {
      if (urlOf(input).pathname !== '/api/leads/sponsors') return Promise.reject(new TypeError('no such route in this test'));
      return new Promise((resolve) => (answerSponsors = (sponsors) => resolve(json(200, { sponsors }))));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("says why workers' compensation's Submit waits, until it is enabled", async () => {
    const user = renderFunnel(atStep('workers-comp', '3'));
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Choose Yes or No above to continue.');
    expect(screen.getByText('Choose Yes or No above to continue.')).toBeVisible();

    await user.click(within(screen.getByRole('radiogroup')).getByRole('radio', { name: 'Yes' }));
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Check the boxes above to continue.');
    await user.click(screen.getByRole('checkbox', { name: 'I am not currently represented by a lawyer' }));
    expect(submit).toHaveAccessibleDescription('Check the boxes above to continue.');
    await user.click(screen.getByRole('checkbox', { name: 'There were injuries involved' }));

    // The boxes are ticked; the notice of who may call is not on screen yet: Submit waits for it.
    expect(screen.getByRole('status')).toHaveTextContent('Finding who can help with your request…');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Wait a moment while we check who can help, then continue.');
    // The question about the lead as it stands now, boxes ticked (an earlier one was cancelled by it).
    await waitFor(() => expect(JSON.parse((fetchMock.mock.lastCall?.[1]?.body as string | undefined) ?? '{}')).toMatchObject({ lead: { injured: true } }));
    answerSponsors([acmeLaw]);
    await screen.findByText(/By tapping Submit, you agree that Acme Injury Law may call or text you/);

    await waitFor(() => expect(submit).toBeEnabled());
    expect(submit).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/to continue\.$/)).not.toBeInTheDocument();
  });

  it('says it in Spanish', async () => {
    await i18n.changeLanguage('es');
    const user = renderFunnel(atStep('workers-comp', '3'));
    const submit = screen.getByRole('button', { name: 'Enviar' });
    expect(submit).toHaveAccessibleDescription('Elija Sí o No arriba para continuar.');
    await user.click(within(screen.getByRole('radiogroup')).getByRole('radio', { name: 'Sí' }));
    expect(submit).toHaveAccessibleDescription('Marque las casillas de arriba para continuar.');
  });

  it('is explained by every widget that can hold it back', () => {
    const silent = Object.entries(declarations).filter(([, widget]) => widget.ready && !widget.notReady);
    expect(silent.map(([name]) => name)).toEqual([]);
  });

  it.each([
    ['calculator', '1', 'Next', 'Answer every question above to continue.'],
    ['calculator', '2', 'Send code', 'Enter your full name, email and cell phone above to continue.'],
    ['notify-me', '3', 'Next', 'Choose Yes or No above to continue.'],
  ])('on %s step %s, %s says what its widgets wait for', (id, step, button, reason) => {
    renderFunnel(atStep(id, step));
    const next = screen.getByRole('button', { name: button });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(reason);
  });
});
