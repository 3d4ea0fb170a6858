// The legal-consultation choice: why it is offered (in a tip), a Yes/No, the boxes a Yes asks to tick, and after a No an
// optional one-tap reason. It shows no notice of its own: what Submit agrees to is the sponsors' consent's notice.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Consent, type ConsentProps } from '../../widgets/consent/Consent.tsx';
import { DECLINE_REASONS } from '../../engine/consent-notice.ts';
import { answersSent, renderWidget } from '../testing/render-widget.tsx';

const props: ConsentProps = {
  field: 'legalConsult',
  question: 'consult',
  reasons: ['common:consent.reasons.injuries', 'common:consent.reasons.losses', 'consent.reasons.deadline'],
};
const question = 'Would you like a free legal consultation?';
const withToggles: ConsentProps = {
  ...props,
  toggles: [
    { field: 'noLawyer', label: 'common:consent.toggles.noLawyer' },
    { field: 'injured', label: 'common:consent.toggles.injured' },
  ],
};
const withReason: ConsentProps = { ...props, declineReason: 'declineReason' };
const choice = (name: string) => within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name });

describe('consent', () => {
  it('explains the call and offers an undecided Yes/No, with no notice of its own', () => {
    const { send } = renderWidget(Consent, { props, answers: { legalConsult: null } });
    expect(screen.getByText('A free five-minute call with a legal professional may show that you are eligible for a cash settlement.')).toBeVisible();
    const group = screen.getByRole('radiogroup', { name: question });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual(['Yes', 'No']);
    radios.forEach((radio) => expect(radio).toHaveAttribute('aria-checked', 'false'));
    // The notice of what Submit agrees to is the sponsors' consent's, beside the button: none here, and no notice answer.
    expect(screen.queryByText(/By tapping/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Terms of Use' })).not.toBeInTheDocument();
    expect(answersSent(send).filter((values) => 'notice' in values)).toEqual([]);
  });

  it('says what the call may bring in the words the funnel gives (intro)', () => {
    renderWidget(Consent, { props: { ...props, intro: 'common:alert.consent.intro' }, answers: { legalConsult: null } });
    expect(screen.getByText(/A free call with a local attorney can tell you what your options are after the accident\./)).toBeVisible();
    expect(screen.queryByText(/five-minute call/)).not.toBeInTheDocument();
  });

  it('lists why it is shown in a tip: the reasons the funnel gives, in its namespace then common', async () => {
    const { user } = renderWidget(Consent, { props, answers: { legalConsult: null } });
    const why = screen.getByRole('button', { name: 'Why am I seeing this?' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    await user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('We offer this call because of factors that often make a claim worth reviewing:')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The injuries you told us about',
      'The lost income and medical costs you expect',
      "Filing before the claim's legal deadline",
    ]);
  });

  it.each([
    [{ state: 'TX', daysLeft: 456 }, "Your state's deadline to file an injury claim: about 456 days left"],
    [{ state: 'TN', daysLeft: -29 }, "Your state's usual deadline to file may have passed, but a lawyer can tell you if an exception applies"],
    [null, "Filing before the claim's legal deadline"],
  ])('says the days left to file from the estimate (%o)', async (estimate, reason) => {
    const { user } = renderWidget(Consent, {
      props: { ...props, reasons: ['common:consent.reasons.injuries'], deadline: 'estimate' },
      answers: { legalConsult: null, estimate },
    });
    await user.click(screen.getByRole('button', { name: 'Why am I seeing this?' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['The injuries you told us about', reason]);
  });

  it('Yes and No set the answer and can be changed', async () => {
    const { user, send } = renderWidget(Consent, { props, answers: { legalConsult: null } });
    await user.click(choice('Yes'));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: true } });
    expect(choice('Yes')).toHaveAttribute('aria-checked', 'true');
    await user.click(choice('No'));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: false } });
    expect(choice('No')).toHaveAttribute('aria-checked', 'true');
    expect(choice('Yes')).toHaveAttribute('aria-checked', 'false');
    // Without a declineReason prop, a No asks no reason.
    expect(screen.queryByRole('group', { name: 'Can you tell us why? (optional)' })).not.toBeInTheDocument();
  });

  it('renders Spanish', async () => {
    const { user } = renderWidget(Consent, { props: withReason, answers: { legalConsult: null, declineReason: null }, lng: 'es' });
    expect(screen.getByText(/Una llamada gratuita de cinco minutos/)).toBeVisible();
    const group = screen.getByRole('radiogroup', { name: '¿Desea una consulta legal gratuita?' });
    await user.click(screen.getByRole('button', { name: '¿Por qué veo esto?' }));
    expect(screen.getByText('Las lesiones que nos contó')).toBeVisible();
    await user.click(within(group).getByRole('radio', { name: 'No' }));
    const reasons = screen.getByRole('group', { name: '¿Nos dice por qué? (opcional)' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Solo busco mi informe', 'No necesito hablar con nadie', 'Solo busco información', 'Ya tengo un abogado', 'Otro motivo']);
    expect(within(group).getByRole('radio', { name: 'Sí' })).toBeInTheDocument();
  });
});

describe('consent with confirmations', () => {
  it('shows the two checkboxes only once Yes is chosen, and records each', async () => {
    const { user, send } = renderWidget(Consent, { props: withToggles, answers: { legalConsult: null, noLawyer: false, injured: false } });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const noLawyer = screen.getByRole('checkbox', { name: 'I am not currently represented by a lawyer' });
    expect(noLawyer).not.toBeChecked();
    await user.click(noLawyer);
    expect(noLawyer).toBeChecked();
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { noLawyer: true } });
    await user.click(screen.getByRole('checkbox', { name: 'There were injuries involved' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { injured: true } });
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // The confirmations go with the Yes: one event records the No and clears them.
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: false, noLawyer: false, injured: false } });
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('checkbox', { name: 'I am not currently represented by a lawyer' })).not.toBeChecked();
  });

  it('labels them in Spanish', async () => {
    const { user } = renderWidget(Consent, { props: withToggles, answers: { legalConsult: null }, lng: 'es' });
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    expect(screen.getByRole('checkbox', { name: 'Actualmente no tengo un abogado que me represente' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hubo lesiones' })).not.toBeChecked();
  });
});

describe('consent: the reason of a No', () => {
  const reasons = () => screen.getByRole('group', { name: 'Can you tell us why? (optional)' });

  it('offers the spec’s cancel reasons after No only, none chosen', async () => {
    const { user } = renderWidget(Consent, { props: withReason, answers: { legalConsult: null, declineReason: null } });
    expect(screen.queryByRole('group', { name: 'Can you tell us why? (optional)' })).not.toBeInTheDocument();
    await user.click(choice('Yes'));
    expect(screen.queryByRole('group', { name: 'Can you tell us why? (optional)' })).not.toBeInTheDocument();
    await user.click(choice('No'));
    const options = within(reasons()).getAllByRole('radio');
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      "I'm just looking for my report",
      "I don't need to speak with anyone",
      "I'm just looking for information",
      'I already have a lawyer',
      'Something else',
    ]);
    expect(DECLINE_REASONS).toEqual(['report', 'noCall', 'info', 'hasLawyer', 'other']);
    options.forEach((radio) => expect(radio).not.toBeChecked());
  });

  it('records the reason tapped, another tap on it takes it back, and a Yes clears it in the same event', async () => {
    const { user, send } = renderWidget(Consent, { props: withReason, answers: { legalConsult: null, declineReason: null } });
    await user.click(choice('No'));
    // Nothing to clear with the No: only the choice.
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: false } });
    const lawyer = within(reasons()).getByRole('radio', { name: 'I already have a lawyer' });
    await user.click(lawyer);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { declineReason: 'hasLawyer' } });
    expect(lawyer).toBeChecked();
    const other = within(reasons()).getByRole('radio', { name: 'Something else' });
    await user.click(other);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { declineReason: 'other' } });
    expect(other).toBeChecked();
    expect(lawyer).not.toBeChecked();

    // A second tap on the chosen one: no reason after all.
    await user.click(other);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { declineReason: null } });
    within(reasons())
      .getAllByRole('radio')
      .forEach((radio) => expect(radio).not.toBeChecked());

    await user.click(within(reasons()).getByRole('radio', { name: "I'm just looking for my report" }));
    await user.click(choice('Yes'));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: true, declineReason: null } });
    expect(screen.queryByRole('group', { name: 'Can you tell us why? (optional)' })).not.toBeInTheDocument();
    // Back to No: the reason starts unchosen.
    await user.click(choice('No'));
    within(reasons())
      .getAllByRole('radio')
      .forEach((radio) => expect(radio).not.toBeChecked());
  });

  it('is disabled while the step is busy', () => {
    renderWidget(Consent, { props: withReason, answers: { legalConsult: false, declineReason: 'info' }, busy: true });
    const options = within(reasons()).getAllByRole('radio');
    options.forEach((radio) => expect(radio).toBeDisabled());
    expect(within(reasons()).getByRole('radio', { name: "I'm just looking for information" })).toBeChecked();
  });
});
