// "Send a new code" on the code step (issue 23, part 5). The app provides the send (CodeResendContext: the funnel's own
// sendCode, POST /api/user/mfa-sms-send; tests/src/code-resend.test.tsx); the step offers it after a countdown it shows
// (1:00 after each send, or the Retry-After of a refusal), says what came of it in the person's language, never sends
// twice at once nor while its check runs, clears the code the new one voids, and waits for the new one by WebOTP.
// The one-time-code input keeps autocomplete="one-time-code".
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Contact } from '../../widgets/contact/Contact.tsx';
import { CodeResendContext, RESEND_AFTER_S, type ResendCode, type ResendResult } from '../../widgets/contact/code-resend.ts';
import type { WidgetProps } from '../../widgets/types.ts';
import { renderWidget, answersSent } from '../testing/render-widget.tsx';

const answers = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '2133734253', code: '' };
const props = { stage: 'code' as const };

/** The contact widget inside the app's resend. */
const withResend = (resend: ResendCode | null) =>
  function WithResend(widget: WidgetProps<typeof props>) {
    return (
      <CodeResendContext.Provider value={resend}>
        <Contact {...widget} />
      </CodeResendContext.Provider>
    );
  };

/** A resend whose answers the test gives, one pending call at a time. */
function pendingResend() {
  const calls: { resolve: (result: ResendResult) => void }[] = [];
  const resend: Mock<ResendCode> = vi.fn<ResendCode>(() => new Promise<ResendResult>((resolve) => calls.push({ resolve })));
  const answer = async (result: ResendResult) => {
    await act(async () => {
      calls.shift()?.resolve(result);
      await Promise.resolve();
    });
  };
  return { resend, answer };
}

const button = (name: RegExp | string = /new code/i) => screen.getByRole('button', { name });

/** Time passing as in a browser: a second at a time, each drawn (one act would hold every tick's update to its end). */
async function elapse(ms: number) {
  for (let done = 0; done < ms; done += 1000) await act(() => vi.advanceTimersByTimeAsync(Math.min(1000, ms - done)));
}

describe('the code step: Send a new code', () => {
  beforeEach(() => {
    // Advancing with real time too: Testing Library's wrapper of user-event waits on a real 0 ms timeout.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const setup = (resend: ResendCode | null, options: { lng?: 'en' | 'es'; busy?: boolean } = {}) =>
    renderWidget(withResend(resend), { props, answers, ...options });

  it('counts down a minute after the code was sent, then offers a new one', async () => {
    const { resend } = pendingResend();
    const { user } = setup(resend);
    expect(RESEND_AFTER_S).toBe(60);
    expect(screen.getByText('You can ask for a new code in 1:00.')).toBeVisible();
    expect(button('Send a new code')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Send a new code')).toHaveAccessibleDescription('You can ask for a new code in 1:00.');
    await user.click(button());
    expect(resend).not.toHaveBeenCalled();

    await elapse(18_000);
    expect(screen.getByText('You can ask for a new code in 0:42.')).toBeVisible();
    await elapse(42_000);
    expect(screen.queryByText(/You can ask for a new code in/)).toBeNull();
    expect(button('Send a new code')).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText("Didn't get a code? Ask for a new one, or go back to check your number.")).toBeVisible();
  });

  it('sends one new code at a time, says where it went, clears the old code and counts down again', async () => {
    const { resend, answer } = pendingResend();
    const { user, send, update } = setup(resend);
    update({ answers: { ...answers, code: '12' } });
    await elapse(60_000);

    await user.click(button());
    await user.click(button());
    await user.dblClick(button());
    expect(resend).toHaveBeenCalledTimes(1);
    expect(resend.mock.calls[0]![0]).toEqual({ answers: { ...answers, code: '12' }, locale: 'en' });
    expect(button('Sending a new code…')).toHaveAttribute('aria-busy', 'true');

    await answer({ sent: true });
    expect(screen.getByRole('status')).toHaveTextContent('We sent a new code to (213) 373-4253.');
    expect(answersSent(send).at(-1)).toEqual({ code: '' });
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(screen.getByText('You can ask for a new code in 1:00.')).toBeVisible();
    await user.click(button());
    expect(resend).toHaveBeenCalledTimes(1);

    await elapse(60_000);
    await user.click(button());
    expect(resend).toHaveBeenCalledTimes(2);
  });

  it("waits as long as the API's limit says, and says why", async () => {
    const { resend, answer } = pendingResend();
    const { user } = setup(resend);
    await elapse(60_000);
    await user.click(button());
    await answer({ sent: false, messageKey: 'errors:RATE_LIMITED', waitSeconds: 480 });
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please try again in 8 minutes.');
    expect(screen.getByText('You can ask for a new code in 8:00.')).toBeVisible();
    expect(screen.queryByRole('status')).toBeEmptyDOMElement();
    await elapse(479_000);
    expect(screen.getByText('You can ask for a new code in 0:01.')).toBeVisible();
    await elapse(1_000);
    await user.click(button());
    expect(resend).toHaveBeenCalledTimes(2);
  });

  it('may ask again at once after a failure that names no wait', async () => {
    const { resend, answer } = pendingResend();
    const { user } = setup(resend);
    await elapse(60_000);
    await user.click(button());
    await answer({ sent: false, messageKey: 'errors:NETWORK_ERROR_TEXT' });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not send your request. Please check your internet connection and try again.');
    expect(screen.queryByText(/You can ask for a new code in/)).toBeNull();
    await user.click(button());
    expect(resend).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish', async () => {
    const { resend, answer } = pendingResend();
    const { user } = setup(resend, { lng: 'es' });
    expect(screen.getByText('Podrá pedir un código nuevo en 1:00.')).toBeVisible();
    await elapse(60_000);
    expect(screen.getByText('¿No le llegó el código? Pida uno nuevo o regrese para revisar su número.')).toBeVisible();
    await user.click(button('Enviar un código nuevo'));
    expect(resend.mock.calls[0]![0].locale).toBe('es');
    await answer({ sent: true });
    expect(screen.getByRole('status')).toHaveTextContent('Le enviamos un código nuevo al (213) 373-4253.');
    await elapse(60_000);
    await user.click(button('Enviar un código nuevo'));
    await answer({ sent: false, messageKey: 'errors:RATE_LIMITED', waitSeconds: 7200 });
    expect(screen.getByRole('alert')).toHaveTextContent('Demasiadas solicitudes. Vuelva a intentarlo en 2 horas.');
    expect(screen.getByText('Podrá pedir un código nuevo en 2:00:00.')).toBeVisible();
  });

  it('sends nothing while the step checks the code', async () => {
    const { resend } = pendingResend();
    const { user } = setup(resend, { busy: true });
    await elapse(60_000);
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    await user.click(button());
    expect(resend).not.toHaveBeenCalled();
  });

  it('is not offered outside the app, which then says to go back for a new code', () => {
    setup(null);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText("Didn't get a code? Go back to check your number and we'll send a new one.")).toBeVisible();
  });
});

describe('the code step after a new code: one-time-code autofill and WebOTP', () => {
  type Get = (options: { otp: { transport: string[] }; signal: AbortSignal }) => Promise<unknown>;
  let get: Mock<Get>;
  let deliveries: ((credential: unknown) => void)[];

  beforeEach(() => {
    deliveries = [];
    get = vi.fn<Get>(
      ({ signal }) =>
        new Promise((resolve, reject) => {
          deliveries.push(resolve);
          signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    Object.defineProperty(window, 'OTPCredential', { value: class OTPCredential {}, configurable: true });
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    // Advancing with real time too: Testing Library's wrapper of user-event waits on a real 0 ms timeout.
    // Exact times (the wait's 180 s): clicks are fired, not typed by user-event, which needs time to advance by itself.
    vi.useFakeTimers();
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'OTPCredential');
    Reflect.deleteProperty(navigator, 'credentials');
    vi.useRealTimers();
  });

  it('keeps the one-time-code input and waits anew, 180 s, for the new code by WebOTP', async () => {
    const { resend, answer } = pendingResend();
    const { send } = renderWidget(withResend(resend), { props, answers });
    const click = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Send a new code' })));
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(get).toHaveBeenCalledTimes(1);
    const first = get.mock.calls[0]![0].signal;

    await elapse(60_000);
    await click();
    await answer({ sent: true });
    expect(first.aborted).toBe(true);
    expect(get).toHaveBeenCalledTimes(2);
    const second = get.mock.calls[1]![0].signal;

    // The new wait has its own 180 s.
    await act(() => vi.advanceTimersByTimeAsync(179_999));
    expect(second.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(second.aborted).toBe(true);

    // The code of the next text, filled in as it arrives.
    await click();
    await answer({ sent: true });
    expect(get).toHaveBeenCalledTimes(3);
    await act(async () => {
      deliveries[2]?.({ type: 'otp', code: '5678' });
      await Promise.resolve();
    });
    expect(screen.getByLabelText('Verification code')).toHaveValue('5678');
    expect(answersSent(send).at(-1)).toEqual({ code: '5678' });
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
  });
});
