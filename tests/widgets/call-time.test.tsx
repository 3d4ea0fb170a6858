import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallTime, type CallTimeProps } from '../../widgets/call-time/CallTime.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props: CallTimeProps = {
  field: 'preferredCallTime',
  slots: [
    { value: 'Call ASAP', label: 'common:callTime.asap' },
    { value: '9am - 10am', label: 'common:callTime.s9' },
    { value: '11am - 12pm', label: 'common:callTime.s11' },
    { value: '1pm - 2pm', label: 'common:callTime.s13' },
    { value: '3pm - 4pm', label: 'common:callTime.s15' },
    { value: '4pm - 5pm', label: 'common:callTime.s16' },
    { value: 'Call me after 5 pm', label: 'common:callTime.after5' },
  ],
};

describe('call-time', () => {
  it('lists the slots with the answer (Call ASAP) chosen and explains working hours', () => {
    renderWidget(CallTime, { props, answers: { preferredCallTime: 'Call ASAP' } });
    const group = screen.getByRole('group', { name: 'When is the best time to call you?' });
    expect(group).toHaveAccessibleDescription(
      'We call Monday to Friday, 9 AM to 5 PM. Requests made on a weekend or a public holiday are scheduled for the next working day.',
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Call ASAP',
      '9 AM - 10 AM',
      '11 AM - 12 PM',
      '1 PM - 2 PM',
      '3 PM - 4 PM',
      '4 PM - 5 PM',
      'Call me after 5 PM',
    ]);
    expect(screen.getByRole('radio', { name: 'Call ASAP' })).toBeChecked();
  });

  it('choosing a slot sends it', async () => {
    const { user, send } = renderWidget(CallTime, { props, answers: { preferredCallTime: 'Call ASAP' } });
    // The label as people read it; the value as the API takes it.
    await user.click(screen.getByRole('radio', { name: '1 PM - 2 PM' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { preferredCallTime: '1pm - 2pm' } });
    expect(screen.getByRole('radio', { name: '1 PM - 2 PM' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Call ASAP' })).not.toBeChecked();
  });

  it('is disabled while the update is being sent', () => {
    renderWidget(CallTime, { props, answers: { preferredCallTime: 'Call ASAP' }, busy: true });
    screen.getAllByRole('radio').forEach((radio) => expect(radio).toBeDisabled());
  });

  it('renders Spanish', () => {
    renderWidget(CallTime, { props, answers: { preferredCallTime: 'Call ASAP' }, lng: 'es' });
    expect(screen.getByRole('group', { name: '¿Cuál es el mejor horario para llamarle?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Llamar lo antes posible' })).toBeChecked();
    expect(screen.getByText(/se programan para el siguiente día hábil/)).toBeVisible();
  });
});
