import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, FADE_MS, SHOW_DELAY_MS, type DialogProps } from '../../widgets/dialog/Dialog.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props: DialogProps = {
  title: 'errors:THANK_YOU',
  text: 'errors:YOUR_PREFERRED_TIME_FOR_CALL_HAS_BEEN_UPDATED',
  href: '/',
};

describe('dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a modal dialog named by its title and described by its text, with focus inside', () => {
    renderWidget(Dialog, { props });
    const dialog = screen.getByRole('dialog', { name: 'Thank you!' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Your preferred time for a call has been updated.');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderWidget(Dialog, { props });
    await user.tab();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('says what happens next and names where its button goes', async () => {
    const { user, navigate } = renderWidget(Dialog, { props: { ...props, next: 'common:next.call', button: 'common:nav.home' } });
    const dialog = screen.getByRole('dialog', { name: 'Thank you!' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('The call is free, and you decide after it whether to go on.'));
    await user.click(screen.getByRole('button', { name: 'Back to the home page' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('OK closes and navigates to href', async () => {
    const { user, navigate } = renderWidget(Dialog, { props: { ...props, href: '/home' } });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/home'));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('Escape closes and navigates too', async () => {
    const { user, navigate } = renderWidget(Dialog, { props });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('appears after 10 ms and leaves after the 300 ms fade', async () => {
    vi.useFakeTimers();
    const { navigate } = renderWidget(Dialog, { props });
    const backdrop = screen.getByRole('dialog').parentElement!;
    expect(backdrop).not.toHaveClass('is-open');
    await act(() => vi.advanceTimersByTimeAsync(SHOW_DELAY_MS));
    expect(backdrop).toHaveClass('is-open');

    await act(async () => {
      screen.getByRole('button', { name: 'OK' }).click();
      await Promise.resolve();
    });
    await act(() => vi.advanceTimersByTimeAsync(FADE_MS - 1));
    expect(navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('leaves at once when the user prefers reduced motion', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { navigate } = renderWidget(Dialog, { props });
    await act(async () => {
      screen.getByRole('button', { name: 'OK' }).click();
      await Promise.resolve();
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(navigate).toHaveBeenCalledWith('/');
    vi.unstubAllGlobals();
  });

  it('uses a button label when given one, and renders Spanish', () => {
    renderWidget(Dialog, {
      props: { title: 'errors:THANK_YOU', text: 'errors:REQUEST_RECEIVED', button: 'common:nav.close', href: '/' },
      lng: 'es',
    });
    expect(screen.getByRole('dialog', { name: '¡Gracias!' })).toHaveAccessibleDescription('Recibimos su solicitud.');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
  });
});
