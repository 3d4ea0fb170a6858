// The estimate in dollars under the gauge: the state asked when the funnel knows none, then the range, its reasons in
// one line each, the other driver's minimum insurance and the days left, in English and Spanish.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaseValue, type CaseValueProps } from '../../widgets/case-value/CaseValue.tsx';
import { Optional } from '../../widgets/case-value/Optional.tsx';
import { renderWidget } from '../testing/render-widget.tsx';
import { MEDIUM_ANSWERS } from '../testing/estimate-answers.ts';

const props: CaseValueProps = {
  level: 'level',
  percents: [12, 36, 75, 95],
  headlines: ['common:caseValue.low', 'common:caseValue.medium', 'common:caseValue.high', 'common:caseValue.highest'],
  factors: [{ field: 'injuries', kind: 'slider', label: 'factors.injuries' }],
  estimate: 'estimate',
};
/** Economic damages $7,000 to $30,000: $21,000 to $135,000 with nothing off (tests/engine/estimate.test.ts). */
const answers = { ...MEDIUM_ANSWERS, estimate: null };

const reasons = () =>
  within(screen.getByRole('heading', { name: 'How we got this' }).nextElementSibling as HTMLElement)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the estimate in dollars', () => {
  it('asks for the state, then shows the range with its reasons, the insurance and the deadline', async () => {
    const { user, send } = renderWidget(CaseValue, { props, answers, computed: { level: 2 } });
    const state = await screen.findByRole('combobox', { name: 'In which state did the crash happen?' });
    expect(screen.getByText('Choose the state to see your estimate in dollars.')).toBeVisible();
    await user.selectOptions(state, 'Texas');
    expect(screen.getByText('$21,000 to $135,000')).toBeVisible();
    expect(reasons()).toEqual([
      'Medical costs so far: $5,000 to $20,000, as you told us.',
      'Expected medical costs: $1,000 to $5,000, as you told us.',
      'Lost income: $1,000 to $5,000, as you told us.',
      'Pain and suffering: usually your costs times 2 to 3.5 for injuries like yours.',
      'Costs plus pain and suffering: $21,000 to $135,000.',
      'Your state, Texas, reduces an award by your share of fault, and bars it above 50%.',
      'You said you were not at fault, so nothing is taken off.',
    ]);
    expect(screen.getByText(/the other driver must carry at least \$30,000 per person for injuries \(\$60,000 per crash\)/)).toBeVisible();
    expect(screen.getByText(/Texas allows 2 years from the crash to file an injury lawsuit/)).toBeVisible();
    expect(screen.getByText(/an estimate, not legal advice\. Every case is different/)).toBeVisible();
    // The result is kept with the answers for the consent's reasons.
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { estimate: { state: 'TX', low: 21_000, high: 135_000, daysLeft: null } } });
  });

  it('counts the days left from the date of the crash, and warns once it has passed', async () => {
    const { user } = renderWidget(CaseValue, { props, answers: { ...answers, estimate: { state: 'TX', date: '2020-01-02' } }, computed: { level: 2 } });
    const warning = await screen.findByText(/deadline passed about/);
    expect(warning.closest('p')?.textContent).toMatch(/^Warning: Texas allows 2 years from the crash, and that deadline passed about \d+ days ago\./);
    await user.selectOptions(screen.getByRole('combobox', { name: 'In which state did the crash happen?' }), 'Maine');
    // Maine allows 6 years: from January 2020, that passed in January 2026 too.
    expect(screen.getByText(/Maine allows 6 years from the crash, and that deadline passed/)).toBeVisible();
  });

  it('gives $0 when the person was at fault in a contributory-negligence state (Maryland), and asks their share', async () => {
    const { user } = renderWidget(CaseValue, { props, answers: { ...answers, fault: true, estimate: { state: 'MD' } }, computed: { level: 0 } });
    const share = await screen.findByRole('combobox', { name: 'About how much of the crash was your fault?' });
    expect(share).toHaveDisplayValue('About half');
    expect(screen.getByText('$0')).toBeVisible();
    // Said at once under the figure, not only in the reasons below.
    expect(screen.getByText(/^Under your state's fault rule, your answers give no award\./)).toBeVisible();
    expect(reasons()).toEqual(
      expect.arrayContaining([
        'Your state, Maryland, bars an award if you were even partly at fault.',
        'You said you were at fault, so we assumed about 50%. Choose your share above to change it.',
        "With about 50% of the fault, your state's rule bars an award.",
      ]),
    );
    await user.selectOptions(share, 'A little (about 10%)');
    expect(reasons()).toContain("With about 10% of the fault, your state's rule bars an award.");
  });

  it('uses the state of the place the funnel knows, without asking', async () => {
    const place = { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701' };
    renderWidget(CaseValue, { props, answers: { ...answers, place }, computed: { level: 2 } });
    expect(await screen.findByText('$21,000 to $135,000')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'In which state did the crash happen?' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    renderWidget(CaseValue, { props, answers: { ...answers, estimate: { state: 'NY' } }, computed: { level: 2 }, lng: 'es' });
    expect(await screen.findByText('$7,000 a $30,000')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Lo que podría valer su reclamo' })).toBeVisible();
    expect(screen.getByText(/Su estado, Nueva York, es un estado sin culpa/)).toBeVisible();
    expect(screen.getByText(/En Nueva York, el otro conductor debe tener al menos \$25,000 por persona/)).toBeVisible();
  });
});

describe('an optional part', () => {
  it('is left out when it fails, and what is beside it stays', () => {
    const Failing = () => {
      throw new Error('chunk failed');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>The gauge</p>
        <Optional>
          <Failing />
        </Optional>
      </div>,
    );
    expect(screen.getByText('The gauge')).toBeVisible();
    expect(warn).toHaveBeenCalledWith('an optional part was left out', expect.any(Error));
    warn.mockRestore();
    error.mockRestore();
  });
});
