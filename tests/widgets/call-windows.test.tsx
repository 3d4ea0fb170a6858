// The lead types' calls: each chosen service with the day and hours it will call, in the person's language and the
// window's zone; nothing when there is no window.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallWindows } from '../../widgets/call-windows/CallWindows.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const windows = {
  __CALawyer: { from: '2026-11-30T15:00:00.000Z', to: '2026-11-30T18:00:00.000Z', timeZone: 'America/Chicago' },
  Chiropractor: { from: '2026-11-30T18:00:00.000Z', to: '2026-11-30T23:00:00.000Z', timeZone: 'America/Chicago' },
};

describe('call windows', () => {
  it('lists each service with its day and hours (English)', () => {
    renderWidget(CallWindows, { props: { windows: 'leadTypeWindows' }, computed: { leadTypeWindows: windows } });
    const section = screen.getByRole('region', { name: "When they'll call you" });
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Car accident lawyersMonday, November 30, between 9 AM and 12 PM (Central Time)',
      'ChiropractorsMonday, November 30, between 12 PM and 5 PM (Central Time)',
    ]);
  });

  it('in Spanish', () => {
    renderWidget(CallWindows, { props: { windows: 'leadTypeWindows' }, computed: { leadTypeWindows: windows }, lng: 'es' });
    const section = screen.getByRole('region', { name: 'Cuándo le llamarán' });
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('El lunes, 30 de noviembre, de 9 a. m. a 12 p. m. (hora central)');
  });

  it('shows nothing without windows', () => {
    const { container } = renderWidget(CallWindows, { props: { windows: 'leadTypeWindows' }, computed: {} });
    expect(container).toBeEmptyDOMElement();
  });
});
