import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../engine/validators.ts';
import { Questions, type QuestionField } from '../../widgets/questions/Questions.tsx';
import { fakeGeo, PLACES } from '../testing/fake-geo.ts';
import { FIXTURE_NS, i18n } from '../testing/i18n.ts';
import { answersSent, renderWidget } from '../testing/render-widget.tsx';

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

// Copy of the field questions below, added to the fixture namespace for this file.
i18n.addResourceBundle(
  'en',
  FIXTURE_NS,
  {
    injury: { label: 'What type of injury did you have?', back: 'Back or neck pain', bones: 'Broken bones' },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'es',
  FIXTURE_NS,
  {
    injury: { label: '¿Qué tipo de lesión tuvo?', back: 'Dolor de espalda o cuello', bones: 'Huesos rotos' },
  },
  true,
  false,
);

const fieldQuestions: QuestionField[] = [
  {
    name: 'damage',
    kind: 'choice',
    label: 'injury.label',
    required: 'errors:INJURY_TYPE_REQUIRED',
    options: [
      { value: 'Back or Neck Pain', label: 'injury.back' },
      { value: 'Broken Bones', label: 'injury.bones' },
    ],
  },
  { name: 'date', kind: 'date', label: 'fields:date.label' },
  { name: 'place', kind: 'city', label: 'fields:city.label' },
];
const fieldAnswers = { damage: null, date: '', place: null };

/** Tomorrow as YYYY-MM-DD (local time, as today()). */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return today(d);
}

describe('questions: choice', () => {
  it('is a radio group of the options that sends the chosen value', async () => {
    const { user, send } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const group = screen.getByRole('radiogroup', { name: 'What type of injury did you have?' });
    await user.click(within(group).getByRole('radio', { name: 'Broken bones' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { damage: 'Broken Bones' } });
    expect(within(group).getByRole('radio', { name: 'Broken bones' })).toBeChecked();
  });

  it('says the injury type is required once the group is left without a choice', async () => {
    const { user } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const group = screen.getByRole('radiogroup', { name: 'What type of injury did you have?' });
    await user.tab();
    expect(within(group).getByRole('radio', { name: 'Back or neck pain' })).toHaveFocus();
    expect(screen.queryByText('Injury type is required')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Injury type is required')).toBeVisible();
    expect(group).toHaveAccessibleDescription('Injury type is required');

    await user.click(within(group).getByRole('radio', { name: 'Back or neck pain' }));
    expect(screen.queryByText('Injury type is required')).not.toBeInTheDocument();
  });
});

describe('questions: date', () => {
  it('stores the date as YYYY-MM-DD, offers nothing after today, and requires it on blur', async () => {
    const { user, send } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const input = screen.getByLabelText('Date of accident');
    expect(input).toHaveAttribute('max', today(new Date()));
    await user.click(input);
    await user.tab();
    expect(screen.getByText('Date is required')).toBeVisible();
    expect(input).toHaveAccessibleDescription('Date is required');

    fireEvent.change(input, { target: { value: '2024-03-05' } });
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: '2024-03-05' } });
    fireEvent.blur(input);
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  // A typed future date is still sent (the answer mirrors the field); the message shows and the flow's pastDate guard
  // keeps Next from going on.
  it('sends a future date but shows that it cannot be in the future', () => {
    const { send } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const input = screen.getByLabelText('Date of accident');
    fireEvent.change(input, { target: { value: tomorrow() } });
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: tomorrow() } });
    fireEvent.blur(input);
    expect(screen.getByText('The date of the accident cannot be in the future.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('questions: date on a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does not call the date missing while the wheel is open, only once the field is left empty', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 640px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { user, send } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const field = screen.getByRole('button', { name: 'Date of accident Choose a date' });
    await user.click(field);
    await screen.findByRole('listbox', { name: 'Year' });
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field).toHaveFocus();
    await user.tab();
    expect(screen.getByText('Date is required')).toBeVisible();
    expect(field).toHaveAccessibleDescription('Date is required');

    await user.click(field);
    await screen.findByRole('listbox', { name: 'Year' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: today(new Date()) } });
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
  });
});

describe('questions: city', () => {
  it('requires a city, and asks to choose from the list when one was only typed', async () => {
    const { user } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.click(input);
    await user.tab();
    expect(screen.getByText('City is required')).toBeVisible();

    await user.type(input, 'Aus');
    await user.tab();
    expect(screen.getByText('Please start typing and then choose the city from the dropdown list.')).toBeVisible();
    expect(input).toHaveAccessibleDescription(/Please start typing and then choose the city from the dropdown list\./);
  });

  it('stores the chosen place and clears it when the text changes again', async () => {
    const { user, send } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Aus');
    await user.click(await screen.findByRole('option', { name: 'Austin, TX, USA' }));
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { place: PLACES.austin } }));
    await user.tab();
    expect(screen.queryByText(/City is required|choose the city/)).not.toBeInTheDocument();

    await user.type(input, 'x');
    expect(answersSent(send).at(-1)).toEqual({ place: null });
  });

  it('shows a restored place', () => {
    renderWidget(Questions, { props: { fields: fieldQuestions }, answers: { ...fieldAnswers, place: PLACES.boston }, geo: fakeGeo() });
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Boston, MA 02108, USA');
  });
});

describe('field questions in Spanish', () => {
  it('renders Spanish labels and messages', async () => {
    const { user } = renderWidget(Questions, { props: { fields: fieldQuestions }, answers: fieldAnswers, geo: fakeGeo(), lng: 'es' });
    expect(screen.getByRole('radiogroup', { name: '¿Qué tipo de lesión tuvo?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Huesos rotos' })).toBeInTheDocument();
    const date = screen.getByLabelText('Fecha del accidente');
    const city = screen.getByRole('combobox', { name: 'Ciudad' });
    expect(city).toHaveAccessibleDescription('Empiece a escribir y luego elija de la lista');
    await user.click(date);
    await user.click(city);
    await user.tab();
    expect(screen.getByText('La fecha es obligatoria')).toBeVisible();
    expect(screen.getByText('La ciudad es obligatoria')).toBeVisible();
  });
});

describe('questions: an amount beside a slider', () => {
  const withAmount: QuestionField[] = [{ name: 'injuries', kind: 'slider', label: 'q.injuries', amount: 'medicalPaid' }];

  it('offers ranges of dollars and "not sure", and sends the range picked or null', async () => {
    const { user, send } = renderWidget(Questions, { props: { fields: withAmount }, answers: { injuries: 1, medicalPaid: null } });
    const select = screen.getByRole('combobox', { name: 'Medical bills so far, if you know (optional)' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["I'm not sure", 'Under $1,000', '$1,000 to $5,000', '$5,000 to $20,000', '$20,000 to $50,000', '$50,000 to $100,000', 'Over $100,000']);
    expect(select).toHaveValue('');
    await user.selectOptions(select, '$5,000 to $20,000');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { medicalPaid: '5k-20k' } });
    await user.selectOptions(select, "I'm not sure");
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { medicalPaid: null } });
  });

  it('reads in Spanish', () => {
    renderWidget(Questions, { props: { fields: withAmount }, answers: { injuries: 1, medicalPaid: '1k-5k' }, lng: 'es' });
    const select = screen.getByRole('combobox', { name: 'Gastos médicos hasta ahora, si los sabe (opcional)' });
    expect(select).toHaveDisplayValue('$1,000 a $5,000');
  });
});
