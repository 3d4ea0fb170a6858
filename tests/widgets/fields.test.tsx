// The shared field components: the date field (native input, and the phone's wheel sheet), the city combobox and the
// choice radio group, each hosted as a tiny widget.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../engine/validators.ts';
import { ChoiceField } from '../../widgets/fields/ChoiceField.tsx';
import { CityField } from '../../widgets/fields/CityField.tsx';
import { DateField } from '../../widgets/fields/DateField.tsx';
import { GeoError, type Place, type PlaceSuggestion } from '../../widgets/shared/geo.ts';
import type { WidgetProps } from '../../widgets/types.ts';
import { fakeGeo, PLACES } from '../testing/fake-geo.ts';
import { renderWidget } from '../testing/render-widget.tsx';

/** Each field is hosted as a tiny widget: it keeps the value and reports every change as an ANSWER. */
interface HostProps<V> {
  initial: V;
  error?: string;
  max?: string;
}

function DateHost({ props, send }: WidgetProps<HostProps<string>>) {
  const [value, setValue] = useState(props.initial);
  const onChange = (v: string) => {
    setValue(v);
    send({ type: 'ANSWER', values: { date: v } });
  };
  return <DateField label="Date of accident" value={value} max={props.max ?? today(new Date())} onChange={onChange} error={props.error} />;
}

function CityHost({ props, send }: WidgetProps<HostProps<Place | null>>) {
  const [value, setValue] = useState(props.initial);
  const onChange = (p: Place | null) => {
    setValue(p);
    send({ type: 'ANSWER', values: { place: p } });
  };
  return <CityField label="City" value={value} onChange={onChange} error={props.error} />;
}

function ChoiceHost({ props, send }: WidgetProps<HostProps<string | null>>) {
  const [value, setValue] = useState(props.initial);
  const options = [
    { value: 'Back or Neck Pain', label: 'Back or neck pain' },
    { value: 'Broken Bones', label: 'Broken bones' },
  ];
  const onChange = (v: string) => {
    setValue(v);
    send({ type: 'ANSWER', values: { damage: v } });
  };
  return <ChoiceField label="Type of injury" options={options} value={value} onChange={onChange} error={props.error} />;
}

/** Phone mode: the one media query the fields ask about matches. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 640px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const listbox = (name: string) => screen.getByRole('listbox', { name });
const optionNames = (name: string) =>
  within(listbox(name))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('date field on desktop', () => {
  it('is a native date input, labelled, with max today, storing YYYY-MM-DD', () => {
    const { send } = renderWidget(DateHost, { props: { initial: '' } });
    const input = screen.getByLabelText('Date of accident');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('max', today(new Date()));
    fireEvent.change(input, { target: { value: '2024-03-05' } });
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: '2024-03-05' } });
    expect(input).toHaveValue('2024-03-05');
  });

  it('ties its error to the input', () => {
    renderWidget(DateHost, { props: { initial: '', error: 'Date is required' } });
    const input = screen.getByLabelText('Date of accident');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Date is required');
  });
});

describe('date field on a phone', () => {
  it('is a labelled button that opens a labelled dialog with year, month and day wheels', async () => {
    asPhone();
    const { user } = renderWidget(DateHost, { props: { initial: '', max: '2024-06-15' } });
    expect(screen.queryByLabelText('Date of accident', { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Date of accident Choose a date' }));
    const dialog = screen.getByRole('dialog', { name: 'Date of accident' });
    expect(await within(dialog).findByRole('listbox', { name: 'Year' })).toBeInTheDocument();
    expect(within(dialog).getByRole('listbox', { name: 'Month' })).toBeInTheDocument();
    expect(within(dialog).getByRole('listbox', { name: 'Day' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('picks a date on the wheels and Confirm sends it as YYYY-MM-DD', async () => {
    asPhone();
    const { user, send } = renderWidget(DateHost, { props: { initial: '', max: '2024-06-15' } });
    await user.click(screen.getByRole('button', { name: /Date of accident/ }));
    await screen.findByRole('listbox', { name: 'Year' });
    await user.click(within(listbox('Year')).getByRole('option', { name: '2023' }));
    await user.click(within(listbox('Month')).getByRole('option', { name: 'Mar' }));
    await user.click(within(listbox('Day')).getByRole('option', { name: '5' }));
    expect(within(listbox('Month')).getByRole('option', { name: 'Mar' })).toHaveAttribute('aria-selected', 'true');
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: '2023-03-05' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const field = screen.getByRole('button', { name: 'Date of accident Mar 5, 2023' });
    expect(field).toHaveFocus();
  });

  it('Cancel and Escape close the wheel and leave the date as it was', async () => {
    asPhone();
    const { user, send } = renderWidget(DateHost, { props: { initial: '2022-01-10', max: '2024-06-15' } });
    const field = screen.getByRole('button', { name: 'Date of accident Jan 10, 2022' });
    await user.click(field);
    await screen.findByRole('listbox', { name: 'Year' });
    await user.click(within(listbox('Year')).getByRole('option', { name: '2020' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveAccessibleName('Date of accident Jan 10, 2022');
    expect(field).toHaveFocus();

    await user.click(field);
    await screen.findByRole('listbox', { name: 'Year' });
    // The wheel opens on the current value, not on the cancelled turn.
    expect(within(listbox('Year')).getByRole('option', { name: '2022' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog', async () => {
    asPhone();
    const { user } = renderWidget(DateHost, { props: { initial: '', max: '2024-06-15' } });
    await user.click(screen.getByRole('button', { name: /Date of accident/ }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('listbox', { name: 'Year' });
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('offers nothing after max: months and days stop at it, and a longer month clamps the day', async () => {
    asPhone();
    const { user, send } = renderWidget(DateHost, { props: { initial: '2024-03-31', max: '2024-06-15' } });
    await user.click(screen.getByRole('button', { name: /Date of accident/ }));
    await screen.findByRole('listbox', { name: 'Year' });
    expect(optionNames('Year').at(-1)).toBe('2024');
    expect(optionNames('Month')).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);

    await user.click(within(listbox('Month')).getByRole('option', { name: 'Feb' }));
    expect(optionNames('Day')).toHaveLength(29);
    expect(within(listbox('Day')).getByRole('option', { name: '29' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(listbox('Month')).getByRole('option', { name: 'Jun' }));
    expect(optionNames('Day')).toHaveLength(15);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: '2024-06-15' } });
  });

  it('turns a focused column with the arrow keys', async () => {
    asPhone();
    const { user } = renderWidget(DateHost, { props: { initial: '2023-05-20', max: '2024-06-15' } });
    await user.click(screen.getByRole('button', { name: /Date of accident/ }));
    await screen.findByRole('listbox', { name: 'Year' });
    listbox('Month').focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(listbox('Month')).getByRole('option', { name: 'Jul' })).toHaveAttribute('aria-selected', 'true');
    expect(listbox('Month')).toHaveAttribute('aria-activedescendant', within(listbox('Month')).getByRole('option', { name: 'Jul' }).id);
    await user.keyboard('{Home}');
    expect(within(listbox('Month')).getByRole('option', { name: 'Jan' })).toHaveAttribute('aria-selected', 'true');
  });

  it('speaks Spanish: month names, placeholder and buttons', async () => {
    asPhone();
    const { user } = renderWidget(DateHost, { props: { initial: '', max: '2024-06-15' }, lng: 'es' });
    await user.click(screen.getByRole('button', { name: 'Date of accident Elija una fecha' }));
    await screen.findByRole('listbox', { name: 'Año' });
    expect(optionNames('Mes')).toEqual(['ene', 'feb', 'mar', 'abr', 'may', 'jun']);
    expect(screen.getByRole('listbox', { name: 'Día' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});

describe('city field', () => {
  it('suggests places for the typed text, once typing pauses', async () => {
    const geo = fakeGeo();
    const { user } = renderWidget(CityHost, { props: { initial: null }, geo });
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveAccessibleDescription('Start typing, then choose from the list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // The place search takes at most 100 characters.
    expect(input).toHaveAttribute('maxlength', '100');
    await user.type(input, 'Aus');
    expect(await screen.findByRole('option', { name: 'Austin, TX, USA' })).toBeVisible();
    expect(optionNames('City')).toEqual(['Austin, TX, USA', 'Austell, GA, USA']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // Debounced: one request for the whole word, not one per keystroke.
    expect(geo.suggest).toHaveBeenCalledTimes(1);
    expect(geo.suggest.mock.calls[0]?.[0]).toBe('Aus');
  });

  it('chooses with the arrow keys and Enter, then shows the address', async () => {
    const geo = fakeGeo();
    const { user, send } = renderWidget(CityHost, { props: { initial: null }, geo });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Aus');
    await screen.findByRole('option', { name: 'Austell, GA, USA' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const austell = screen.getByRole('option', { name: 'Austell, GA, USA' });
    expect(austell).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', austell.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { place: PLACES.austell } }));
    expect(input).toHaveValue('Austell, GA 30106, USA');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('chooses with a click', async () => {
    const { user, send } = renderWidget(CityHost, { props: { initial: null }, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'bos');
    await user.click(await screen.findByRole('option', { name: 'Boston, MA, USA' }));
    await waitFor(() => expect(input).toHaveValue('Boston, MA 02108, USA'));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { place: PLACES.boston } });
  });

  it('typing after a choice clears the place', async () => {
    const { user, send } = renderWidget(CityHost, { props: { initial: PLACES.austin ?? null }, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveValue('Austin, TX 78701, USA');
    await user.type(input, '{Backspace}');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { place: null } });
    expect(input).toHaveValue('Austin, TX 78701, US');
  });

  it('Escape closes the list', async () => {
    const { user } = renderWidget(CityHost, { props: { initial: null }, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Aus');
    await screen.findByRole('option', { name: 'Austin, TX, USA' });
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Austin, TX, USA' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says "No results found" in the page when nothing matches', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = renderWidget(CityHost, { props: { initial: null }, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Zzyzx');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results found'));
    expect(input).toHaveAccessibleDescription(/No results found/);
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the geocoder failure with its status', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const geo = fakeGeo({ suggest: vi.fn(() => Promise.reject(new GeoError('OVER_QUERY_LIMIT'))) });
    const { user } = renderWidget(CityHost, { props: { initial: null }, geo });
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'Aus');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("We couldn't look up this place (OVER_QUERY_LIMIT). Please try again."));
    expect(alert).not.toHaveBeenCalled();
  });

  it('aborts the request for older text and never shows its answer', async () => {
    const calls: { text: string; signal?: AbortSignal; answer: (labels: string[]) => void }[] = [];
    const geo = fakeGeo({
      suggest: vi.fn(
        (text: string, signal?: AbortSignal) =>
          new Promise<PlaceSuggestion[]>((resolve) => calls.push({ text, signal, answer: (labels) => resolve(labels.map((label) => ({ id: label, label }))) })),
      ),
    });
    const { user } = renderWidget(CityHost, { props: { initial: null }, geo });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'Au');
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.type(input, 's');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(calls[1]?.signal?.aborted).toBe(false);
    calls[1]?.answer(['Austin, TX, USA']);
    calls[0]?.answer(['Auburn, AL, USA']);
    expect(await screen.findByRole('option', { name: 'Austin, TX, USA' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Auburn, AL, USA' })).not.toBeInTheDocument();
  });

  it('ties its error to the input', () => {
    renderWidget(CityHost, { props: { initial: null, error: 'City is required' }, geo: fakeGeo() });
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('City is required Start typing, then choose from the list');
  });

  it('speaks Spanish', async () => {
    const { user } = renderWidget(CityHost, { props: { initial: null }, geo: fakeGeo(), lng: 'es' });
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveAccessibleDescription('Empiece a escribir y luego elija de la lista');
    await user.type(input, 'Zzyzx');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No se encontraron resultados'));
  });
});

describe('choice field', () => {
  it('is a labelled radio group of options that sends the chosen value', async () => {
    const { user, send } = renderWidget(ChoiceHost, { props: { initial: null } });
    const group = screen.getByRole('radiogroup', { name: 'Type of injury' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Back or neck pain', 'Broken bones']);
    radios.forEach((r) => expect(r).not.toBeChecked());
    await user.click(screen.getByText('Broken bones'));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { damage: 'Broken Bones' } });
    expect(within(group).getByRole('radio', { name: 'Broken bones' })).toBeChecked();
  });

  it('ties its error to the group', () => {
    renderWidget(ChoiceHost, { props: { initial: null, error: 'Injury type is required' } });
    expect(screen.getByRole('radiogroup', { name: 'Type of injury' })).toHaveAccessibleDescription('Injury type is required');
  });
});
