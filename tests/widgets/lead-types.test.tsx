import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeadTypes, type LeadTypesProps } from '../../widgets/lead-types/LeadTypes.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props: LeadTypesProps = {
  field: 'leadTypes',
  services: ['DefectiveAirbag', 'dValue', 'DUILawyer', '__CALawyer', 'Chiropractor'],
};

const row = (name: string) => screen.getByRole('checkbox', { name }).closest('li')!;

describe('lead-types', () => {
  it('lists the five services (not auto body) with the default checked, plus "not interested" and the hours', () => {
    renderWidget(LeadTypes, { props, answers: { leadTypes: { __CALawyer: 'AM' } } });
    const names = within(screen.getByRole('list'))
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-checked') ?? (box as HTMLInputElement).labels?.[0]?.textContent);
    expect(names).toEqual(['Defective airbag claims', 'Vehicle value compensation', 'Drunk driving accident lawyers', 'Car accident lawyers', 'Chiropractors']);
    expect(screen.queryByText('Auto body shops')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Car accident lawyers' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Best time to call about Car accident lawyers' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: "I'm not interested" })).not.toBeChecked();
    expect(screen.getByText('Services call Monday to Friday, between 9 AM and 5 PM your local time.')).toBeVisible();
  });

  it('expands a description', async () => {
    const { user } = renderWidget(LeadTypes, { props, answers: { leadTypes: {} } });
    const button = screen.getByRole('button', { name: 'Details about Vehicle value compensation' });
    expect(within(row('Vehicle value compensation')).getByText(/worth less/)).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(row('Vehicle value compensation')).getByText(/worth less/)).toBeVisible();
  });

  it('checking a service sets AM and clears notInterested', async () => {
    const { user, send } = renderWidget(LeadTypes, { props, answers: { leadTypes: { notInterested: true } } });
    expect(screen.getByRole('checkbox', { name: "I'm not interested" })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Chiropractors' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { leadTypes: { Chiropractor: 'AM' } } });
    expect(screen.getByRole('checkbox', { name: "I'm not interested" })).not.toBeChecked();
    expect(within(row('Chiropractors')).getByRole('radio', { name: 'AM' })).toBeChecked();
  });

  it('switches a service between AM and PM', async () => {
    const { user, send } = renderWidget(LeadTypes, { props, answers: { leadTypes: { __CALawyer: 'AM', dValue: 'AM' } } });
    const time = screen.getByRole('group', { name: 'Best time to call about Vehicle value compensation' });
    await user.click(within(time).getByRole('radio', { name: 'PM' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { leadTypes: { __CALawyer: 'AM', dValue: 'PM' } } });
    expect(within(time).getByRole('radio', { name: 'PM' })).toBeChecked();
    await user.click(within(time).getByRole('radio', { name: 'AM' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { leadTypes: { __CALawyer: 'AM', dValue: 'AM' } } });
  });

  it('"not interested" clears every service', async () => {
    const { user, send } = renderWidget(LeadTypes, { props, answers: { leadTypes: { __CALawyer: 'PM', dValue: 'AM' } } });
    await user.click(screen.getByRole('checkbox', { name: "I'm not interested" }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { leadTypes: { notInterested: true } } });
    within(screen.getByRole('list'))
      .getAllByRole('checkbox')
      .forEach((box) => expect(box).not.toBeChecked());
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('unchecking the last service leaves an empty selection', async () => {
    const { user, send } = renderWidget(LeadTypes, { props, answers: { leadTypes: { __CALawyer: 'AM' } } });
    await user.click(screen.getByRole('checkbox', { name: 'Car accident lawyers' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { leadTypes: {} } });
  });

  it('renders Spanish', async () => {
    const { user, send } = renderWidget(LeadTypes, { props, answers: { leadTypes: { __CALawyer: 'AM' } }, lng: 'es' });
    expect(screen.getByRole('checkbox', { name: 'Abogados de accidentes de auto' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'p. m.' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { leadTypes: { __CALawyer: 'PM' } } });
    expect(screen.getByRole('checkbox', { name: 'No me interesa' })).toBeInTheDocument();
  });
});
