import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Questions, type QuestionField } from '../../widgets/questions/Questions.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const fields: QuestionField[] = [
  { name: 'fault', kind: 'yesno', label: 'q.fault' },
  { name: 'commercial', kind: 'yesno', label: 'q.commercial' },
  { name: 'injuries', kind: 'slider', label: 'q.injuries', info: 'q.injuriesInfo' },
];
const answers = { fault: null, commercial: null, injuries: 1 };

describe('questions: yes/no', () => {
  it('is a radio group named by its question, with nothing chosen at first', () => {
    renderWidget(Questions, { props: { fields }, answers });
    const group = screen.getByRole('radiogroup', { name: 'Were you at fault?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['Yes', 'No']);
    radios.forEach((r) => expect(r).not.toBeChecked());
  });

  it('sends ANSWER true or false and shows the choice checked', async () => {
    const { user, send } = renderWidget(Questions, { props: { fields }, answers });
    const group = screen.getByRole('radiogroup', { name: 'Were you at fault?' });
    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { fault: true } });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'No' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { fault: false } });
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });

  it('moves and chooses with the arrow keys, one tab stop per group', async () => {
    const { user, send } = renderWidget(Questions, { props: { fields }, answers: { ...answers, commercial: false } });
    const group = screen.getByRole('radiogroup', { name: 'Was a commercial vehicle involved?' });
    const no = within(group).getByRole('radio', { name: 'No' });
    expect(no).toHaveAttribute('tabindex', '0');
    expect(within(group).getByRole('radio', { name: 'Yes' })).toHaveAttribute('tabindex', '-1');
    no.focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: 'Yes' })).toHaveFocus();
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { commercial: true } });
  });

  it('shows answers that change from outside', () => {
    const { update } = renderWidget(Questions, { props: { fields }, answers });
    update({ answers: { ...answers, fault: true } });
    const group = screen.getByRole('radiogroup', { name: 'Were you at fault?' });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();
  });
});

describe('questions: slider', () => {
  it('is a 0..2 range labelled by its question, defaulting to Medium', () => {
    renderWidget(Questions, { props: { fields }, answers: { fault: null, commercial: null } });
    const slider = screen.getByRole('slider', { name: 'How serious were your injuries?' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '2');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveValue('1');
    expect(slider).toHaveAttribute('aria-valuetext', 'Medium');
  });

  it('sends 0, 1 and 2 and announces Low, Medium and High', () => {
    const { send } = renderWidget(Questions, { props: { fields }, answers });
    const slider = screen.getByRole('slider', { name: 'How serious were your injuries?' });
    for (const [value, text] of [
      [2, 'High'],
      [0, 'Low'],
      [1, 'Medium'],
    ] as const) {
      fireEvent.change(slider, { target: { value: String(value) } });
      expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { injuries: value } });
      expect(slider).toHaveAttribute('aria-valuetext', text);
    }
  });
});

describe('questions: info tip', () => {
  it('toggles an explanation with a named button, and Escape closes it', async () => {
    const { user } = renderWidget(Questions, { props: { fields }, answers });
    const button = screen.getByRole('button', { name: 'More information about How serious were your injuries?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Think about hospital visits and recovery time.')).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Think about hospital visits and recovery time.')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByText('Think about hospital visits and recovery time.')).toBeVisible();
  });

  it('only questions with info copy get a button', () => {
    renderWidget(Questions, { props: { fields }, answers });
    expect(screen.getAllByRole('button', { name: /More information/ })).toHaveLength(1);
  });
});

describe('questions in Spanish', () => {
  it('renders the Spanish labels', async () => {
    const { user } = renderWidget(Questions, { props: { fields }, answers, lng: 'es' });
    const group = screen.getByRole('radiogroup', { name: '¿Usted tuvo la culpa?' });
    await user.click(within(group).getByRole('radio', { name: 'Sí' }));
    expect(within(group).getByRole('radio', { name: 'Sí' })).toBeChecked();
    expect(screen.getByRole('slider', { name: '¿Qué tan graves fueron sus lesiones?' })).toHaveAttribute('aria-valuetext', 'Medio');
    expect(screen.getByRole('button', { name: 'Más información sobre ¿Qué tan graves fueron sus lesiones?' })).toBeInTheDocument();
  });
});
