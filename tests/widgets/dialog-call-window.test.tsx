// The success dialog after a call time is chosen says when the person will be called: the day and hours of the window
// the API answered, in the window's own zone, written out in the person's language.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog, type DialogProps } from '../../widgets/dialog/Dialog.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props: DialogProps = {
  title: 'errors:THANK_YOU',
  text: 'errors:YOUR_PREFERRED_TIME_FOR_CALL_HAS_BEEN_UPDATED',
  href: '/',
  callWindow: 'callWindow',
};

/** Monday, November 30, 2026, 9 to 10 am in Chicago (UTC-6). */
const MONDAY_9 = { from: '2026-11-30T15:00:00.000Z', to: '2026-11-30T16:00:00.000Z', timeZone: 'America/Chicago' };

describe('dialog with a call window', () => {
  it('says the day, the hours and the zone, in English', () => {
    renderWidget(Dialog, { props, computed: { callWindow: MONDAY_9 } });
    const dialog = screen.getByRole('dialog', { name: 'Thank you!' });
    expect(dialog).toHaveAccessibleDescription(
      "Your preferred time for a call has been updated. We'll call you on Monday, November 30, between 9 AM and 10 AM (Central Time).",
    );
  });

  it('in Spanish', () => {
    renderWidget(Dialog, { props, computed: { callWindow: MONDAY_9 }, lng: 'es' });
    expect(screen.getByRole('dialog', { name: '¡Gracias!' })).toHaveAccessibleDescription(
      'Actualizamos su horario preferido para la llamada. Le llamaremos el lunes, 30 de noviembre, de 9 a. m. a 10 a. m. (hora central).',
    );
  });

  it("in the window's zone with its minutes, whatever the browser's zone", () => {
    // Call ASAP at 4:20 pm in Los Angeles: 4:20 to 5 pm there.
    const window = { from: '2026-11-25T00:20:00.000Z', to: '2026-11-25T01:00:00.000Z', timeZone: 'America/Los_Angeles' };
    renderWidget(Dialog, { props, computed: { callWindow: window } });
    expect(screen.getByText(/We'll call you/)).toHaveTextContent("We'll call you on Tuesday, November 24, between 4:20 PM and 5 PM (Pacific Time).");
  });

  it('says nothing more until there is a window', () => {
    renderWidget(Dialog, { props, computed: {} });
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Your preferred time for a call has been updated.');
  });
});
