import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Contact } from '../../widgets/contact/Contact.tsx';
import { OTP_WAIT_MS } from '../../widgets/contact/use-web-otp.ts';
import { shownText } from '../testing/lead-bodies.ts';
import { answersSent, renderWidget } from '../testing/render-widget.tsx';

const empty = { name: '', email: '', phone: '', code: '' };
const details = { stage: 'details' as const, notice: 'common:consent.notice.sms.code' };
const code = { stage: 'code' as const };

describe('contact details', () => {
  it('has labelled name, email and phone inputs with autocomplete and keyboards', () => {
    renderWidget(Contact, { props: details, answers: empty });
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('autocomplete', 'name');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toHaveAttribute('inputmode', 'email');
    const phone = screen.getByLabelText('Cell phone');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
  });

  it('shows the notice of what Send code agrees to, tied to the phone, and writes it as the notice answer', async () => {
    const { send } = renderWidget(Contact, { props: details, answers: empty });
    const notice = screen.getByText(/^By tapping Send code, you agree to get one text message with a verification code at this number\./);
    expect(notice).toBeVisible();
    expect(notice.closest('[data-notice]')).toHaveAttribute('data-notice', 'common:consent.notice.sms.code');
    expect(screen.getByLabelText('Cell phone')).toHaveAccessibleDescription(expect.stringContaining(notice.textContent));
    // The words written are the words on screen, which are the catalogue's the server stores for that key.
    await waitFor(() =>
      expect(answersSent(send)).toContainEqual({ notice: { key: 'common:consent.notice.sms.code', text: notice.textContent, sponsors: [] } }),
    );
    expect(notice.textContent).toBe(shownText('common:consent.notice.sms.code', 'en'));
    // The old note about the code is gone: the notice says it.
    expect(screen.queryByText(/text message \(SMS\) with a code to verify this number/)).not.toBeInTheDocument();
  });

  it("shows the alert funnels' notice, which agrees to the alert's texts too", async () => {
    const { send } = renderWidget(Contact, { props: { ...details, notice: 'common:consent.notice.sms.alerts' }, answers: empty });
    const notice = screen.getByText(/then texts about your accident report until it is filed or your alert ends/);
    await waitFor(() =>
      expect(answersSent(send)).toContainEqual({ notice: { key: 'common:consent.notice.sms.alerts', text: notice.textContent, sponsors: [] } }),
    );
    expect(notice.textContent).toBe(shownText('common:consent.notice.sms.alerts', 'en'));
  });

  it('shows no notice and writes none without one in its props', () => {
    const { send } = renderWidget(Contact, { props: { stage: 'details' as const }, answers: empty });
    expect(screen.queryByText(/By tapping/)).not.toBeInTheDocument();
    expect(answersSent(send)).toEqual([]);
  });

  it('sends each field as it is typed', async () => {
    const { user, send } = renderWidget(Contact, { props: details, answers: empty });
    await user.type(screen.getByLabelText('Full name'), 'Ana Ruiz');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { name: 'Ana Ruiz' } });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { email: 'ana@example.com' } });
    await user.type(screen.getByLabelText('Cell phone'), '2133734253');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { phone: '2133734253' } });
  });

  it('shows a check mark only for valid values', async () => {
    const { user } = renderWidget(Contact, { props: details, answers: empty });
    await user.type(screen.getByLabelText('Full name'), 'Ana');
    expect(screen.queryByRole('img', { name: 'Full name is valid' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), ' Ruiz');
    expect(screen.getByRole('img', { name: 'Full name is valid' })).toBeVisible();

    await user.type(screen.getByLabelText('Email'), 'ana@example');
    expect(screen.queryByRole('img', { name: 'Email is valid' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.getByRole('img', { name: 'Email is valid' })).toBeVisible();

    await user.type(screen.getByLabelText('Cell phone'), '213373');
    expect(screen.queryByRole('img', { name: 'Cell phone is valid' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Cell phone'), '4253');
    expect(screen.getByRole('img', { name: 'Cell phone is valid' })).toBeVisible();
  });

  it('shows the exact error texts on blur, tied to the inputs, and clears them once valid', async () => {
    const { user } = renderWidget(Contact, { props: details, answers: empty });
    const name = screen.getByLabelText('Full name');
    await user.type(name, 'Ana');
    expect(screen.queryByText('Please enter your first and last name.')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Please enter your first and last name.')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your first and last name.');

    await user.type(screen.getByLabelText('Email'), 'ana@');
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');

    await user.type(screen.getByLabelText('Cell phone'), '12');
    await user.tab();
    expect(screen.getByLabelText('Cell phone')).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid cell phone number.'));

    await user.type(name, ' Ruiz');
    expect(screen.queryByText('Please enter your first and last name.')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('says nothing on blur when a field is left empty', async () => {
    const { user } = renderWidget(Contact, { props: details, answers: empty });
    await user.click(screen.getByLabelText('Full name'));
    await user.tab();
    expect(screen.queryByText('Please enter your first and last name.')).not.toBeInTheDocument();
  });

  it('renders Spanish', async () => {
    const { user } = renderWidget(Contact, { props: details, answers: empty, lng: 'es' });
    await user.type(screen.getByLabelText('Nombre completo'), 'Ana');
    await user.tab();
    expect(screen.getByText('Por favor, ingrese su nombre y apellido.')).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono celular')).toBeInTheDocument();
    const notice = screen.getByText(/^Al tocar Enviar código, usted acepta recibir un mensaje de texto con un código de verificación/);
    expect(notice.textContent).toBe(shownText('common:consent.notice.sms.code', 'es'));
  });
});

describe('contact code', () => {
  it('is a one-time-code input that keeps at most 4 digits', async () => {
    const { user, send } = renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('pattern', '[0-9]*');
    expect(input).toHaveAttribute('maxlength', '4');

    await user.type(input, '1a2-b3');
    expect(input).toHaveValue('123');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { code: '123' } });
    expect(screen.queryByRole('img', { name: 'Verification code is valid' })).not.toBeInTheDocument();

    await user.clear(input);
    await user.paste('98 76 54');
    expect(input).toHaveValue('9876');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { code: '9876' } });
    expect(screen.getByRole('img', { name: 'Verification code is valid' })).toBeVisible();
  });

  it('says which number the code was sent to', () => {
    renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    expect(screen.getByText('Enter the 4-digit code we texted to (213) 373-4253.')).toBeVisible();
    // The number is kept on one line with non-breaking spaces.
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(/^Enter the 4-digit code we texted to \(213\)\s373-4253\.$/);
  });

  it('renders Spanish', () => {
    renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' }, lng: 'es' });
    expect(screen.getByLabelText('Código de verificación')).toBeInTheDocument();
    expect(screen.getByText(/le enviamos por mensaje de texto al \(213\) 373-4253/)).toBeVisible();
  });
});

describe('contact code: WebOTP', () => {
  type Get = (options: { otp: { transport: string[] }; signal: AbortSignal }) => Promise<unknown>;
  let get: Mock<Get>;

  /** A credentials.get that, like the browser, rejects with AbortError when its signal aborts. */
  const waitForSms = (arrival?: Promise<unknown>) =>
    get.mockImplementation(
      ({ signal }) =>
        new Promise((resolve, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
          void arrival?.then(resolve);
        }),
    );

  beforeEach(() => {
    get = vi.fn<Get>();
    Object.defineProperty(window, 'OTPCredential', { value: class OTPCredential {}, configurable: true });
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(window, 'OTPCredential');
    Reflect.deleteProperty(navigator, 'credentials');
    vi.useRealTimers();
  });

  it('asks for an SMS code and fills it in when it arrives', async () => {
    let deliver: (credential: unknown) => void = () => undefined;
    waitForSms(new Promise((resolve) => (deliver = resolve)));
    const { send } = renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    expect(get).toHaveBeenCalledTimes(1);
    const [request] = get.mock.calls[0]!;
    expect(request.otp).toEqual({ transport: ['sms'] });
    expect(request.signal).toBeInstanceOf(AbortSignal);

    await act(async () => {
      deliver({ type: 'otp', code: '4821' });
      await Promise.resolve();
    });
    expect(screen.getByLabelText('Verification code')).toHaveValue('4821');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { code: '4821' } });
  });

  it('stops waiting after 180000 ms and swallows the AbortError', async () => {
    vi.useFakeTimers();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    waitForSms();
    renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    const { signal } = get.mock.calls[0]![0];

    expect(OTP_WAIT_MS).toBe(180000);
    await act(() => vi.advanceTimersByTimeAsync(179_999));
    expect(signal.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(signal.aborted).toBe(true);

    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('swallows other wait errors silently too', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    await act(() => Promise.resolve());
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('aborts the wait when the step is left', () => {
    waitForSms();
    const { unmount } = renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    const { signal } = get.mock.calls[0]![0];
    unmount();
    expect(signal.aborted).toBe(true);
  });

  it('does not wait on browsers without WebOTP', () => {
    Reflect.deleteProperty(window, 'OTPCredential');
    renderWidget(Contact, { props: code, answers: { ...empty, phone: '2133734253' } });
    expect(get).not.toHaveBeenCalled();
  });
});
