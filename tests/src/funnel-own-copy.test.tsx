// The copy a funnel shows comes from its own namespace, with common defaults (issue 20 part 4): Camp Lejeune's and
// workers' compensation's "Why am I seeing this?" and Camp Lejeune's result speak of their claims, not of a car accident.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { loadFlow } from '../testing/flows.ts';
import { i18n } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

const atStep = (id: string, step: string): Flow => ({ ...loadFlow(id), initial: step });

/** The reasons listed under "Why am I seeing this?" once it is opened. */
async function reasons(flow: Flow, button: string): Promise<string[]> {
  const user = renderFunnel(flow);
  await user.click(screen.getByRole('button', { name: button }));
  return screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
}

/** common's reasons for a car accident's call: what the calculator's own questions asked about. */
const ACCIDENT = ['The injuries you told us about', 'The lost income and medical costs you expect', 'What you told us about who was at fault'];

describe('the copy a funnel shows', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => i18n.changeLanguage('en'));

  it('gives Camp Lejeune its own reasons for the call and its own result', async () => {
    const shown = await reasons(atStep('camp-lejeune', '3.5'), 'Why am I seeing this?');
    expect(shown).toEqual([
      'Time at Camp Lejeune between 1953 and 1987',
      'An illness linked to the base’s contaminated water',
      'The Camp Lejeune Justice Act’s deadline for filing a claim',
    ]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Your answers don’t point to a claim yet');
  });

  it('gives workers’ compensation its own reasons', async () => {
    const shown = await reasons(atStep('workers-comp', '3'), 'Why am I seeing this?');
    expect(shown).toEqual([
      'An injury or illness caused by your work',
      'Medical care and lost wages that workers’ compensation may pay',
      'Your state’s deadlines for reporting the injury and filing a claim',
    ]);
    expect(shown.some((reason) => ACCIDENT.includes(reason))).toBe(false);
  });

  it('says them in Spanish', async () => {
    await i18n.changeLanguage('es');
    expect(await reasons(atStep('camp-lejeune', '3.5'), '¿Por qué veo esto?')).toContain('Tiempo en Camp Lejeune entre 1953 y 1987');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Sus respuestas aún no apuntan a una reclamación');
  });

  it('keeps the common reasons and headlines where they fit: the calculator', async () => {
    // And the deadline's, which the estimate says in days once it knows the state and the date.
    expect(await reasons(atStep('calculator', '3'), 'Why am I seeing this?')).toEqual([...ACCIDENT, "Filing before the claim's legal deadline"]);
    expect(screen.getByRole('heading', { level: 2, name: /case value determined$/ })).toHaveTextContent(/^(Low|Medium|High|Highest) case value determined$/);
  });
});
