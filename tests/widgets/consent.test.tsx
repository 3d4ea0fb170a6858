import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Consent, type ConsentProps } from '../../widgets/consent/Consent.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props: ConsentProps = { field: 'legalConsult', question: 'consult' };
const question = 'Would you like a free legal consultation?';

describe('consent', () => {
  it('explains the call and offers an undecided Yes/No with the terms notice', () => {
    renderWidget(Consent, { props, answers: { legalConsult: null } });
    expect(screen.getByText(/five-minute call .* eligible for a cash settlement/)).toBeVisible();
    const group = screen.getByRole('radiogroup', { name: question });
    within(group).getAllByRole('radio').forEach((radio) => expect(radio).not.toBeChecked());
    expect(screen.getByText(/By tapping Submit, you agree to our/)).toBeVisible();
    const terms = screen.getByRole('link', { name: 'Terms of Use' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAccessibleDescription('(opens in a new tab)');
    expect(screen.queryByText(/not a law firm/)).not.toBeInTheDocument();
  });

  it('lists why it is shown in a tip', async () => {
    const { user } = renderWidget(Consent, { props, answers: { legalConsult: null } });
    const why = screen.getByRole('button', { name: 'Why am I seeing this?' });
    await user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('How severe the accident was')).toBeVisible();
    expect(screen.getByText('An accident date within the statute of limitations')).toBeVisible();
    expect(screen.getByText('The other driver being at fault')).toBeVisible();
  });

  it('Yes and No set the answer, change the notice and can be changed', async () => {
    const { user, send } = renderWidget(Consent, { props, answers: { legalConsult: null } });
    const group = screen.getByRole('radiogroup', { name: question });

    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: true } });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();
    const yesNotice = screen.getByText(/We are not a law firm/);
    expect(yesNotice).toHaveTextContent(/participating attorney or sponsor may contact you/);
    expect(yesNotice).toHaveTextContent(/automatic telephone dialing system/);
    expect(yesNotice).toHaveTextContent(/not a condition of purchase/);
    expect(yesNotice).toHaveTextContent(/before 8am or after 9pm/);

    await user.click(within(group).getByRole('radio', { name: 'No' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { legalConsult: false } });
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByText(/To keep this service free/)).toBeVisible();
    expect(screen.queryByText(/We are not a law firm/)).not.toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText(/We are not a law firm/)).toBeVisible();
  });

  it('the secondary variant links to the marketing partners and sponsors', () => {
    renderWidget(Consent, { props: { ...props, variant: 'secondary' }, answers: { legalConsult: false } });
    expect(screen.getByRole('link', { name: 'marketing partners and sponsors' })).toHaveAttribute('href', '/about');
    expect(screen.getByText(/To keep this service free/)).toBeVisible();
  });

  it('renders Spanish', async () => {
    const { user } = renderWidget(Consent, { props, answers: { legalConsult: null }, lng: 'es' });
    expect(screen.getByRole('link', { name: 'Términos de uso' })).toHaveAttribute('href', '/terms');
    const group = screen.getByRole('radiogroup', { name: '¿Desea una consulta legal gratuita?' });
    await user.click(within(group).getByRole('radio', { name: 'Sí' }));
    expect(screen.getByText(/No somos un bufete de abogados/)).toBeVisible();
    expect(screen.getByRole('button', { name: '¿Por qué veo esto?' })).toBeInTheDocument();
  });
});

describe('consent with confirmations', () => {
  const withToggles: ConsentProps = {
    ...props,
    toggles: [
      { field: 'noLawyer', label: 'common:consent.toggles.noLawyer' },
      { field: 'injured', label: 'common:consent.toggles.injured' },
    ],
  };

  it('shows the two checkboxes only once Yes is chosen, and records each', async () => {
    const { user, send } = renderWidget(Consent, { props: withToggles, answers: { legalConsult: null, noLawyer: false, injured: false } });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const noLawyer = screen.getByRole('checkbox', { name: 'I am not currently represented by a lawyer' });
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

  it('leaves the notice to a later Submit when told to (notice false): the choice and its confirmations only', async () => {
    const { user } = renderWidget(Consent, { props: { ...withToggles, notice: false }, answers: { legalConsult: null, noLawyer: false, injured: false } });
    expect(screen.queryByRole('link', { name: 'Terms of Use' })).not.toBeInTheDocument();
    const yes = screen.getByRole('radio', { name: 'Yes' });
    await user.click(yes);
    expect(screen.getByRole('checkbox', { name: 'There were injuries involved' })).toBeInTheDocument();
    expect(screen.queryByText(/We are not a law firm/)).not.toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).not.toHaveAttribute('aria-describedby');
  });

  it('labels them in Spanish', async () => {
    const { user } = renderWidget(Consent, { props: withToggles, answers: { legalConsult: null }, lng: 'es' });
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    expect(screen.getByRole('checkbox', { name: 'Actualmente no tengo un abogado que me represente' })).not.toBeChecked();
  });
});
