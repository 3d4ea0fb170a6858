// Waits for the SMS one-time code through WebOTP where the browser has it (§2.2): up to 180 s from when the step is
// shown, and again from each new code the step sent (`wait` changes), since one wait gives one code.
import { useEffect, useRef } from 'react';

/** How long the code is awaited from the incoming SMS (§9). */
export const OTP_WAIT_MS = 180_000;

interface OtpRequest extends CredentialRequestOptions {
  otp: { transport: string[] };
}

export function useWebOtp(onCode: (code: string) => void, wait: unknown = 0): void {
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    if (!('OTPCredential' in window) || !navigator.credentials) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), OTP_WAIT_MS);
    const request: OtpRequest = { otp: { transport: ['sms'] }, signal: controller.signal };
    navigator.credentials
      .get(request)
      .then(
        (credential) => {
          const code = (credential as { code?: unknown } | null)?.code;
          if (typeof code === 'string' && !controller.signal.aborted) onCodeRef.current(code);
        },
        // Per the spec every wait error (abort, timeout, permission) is swallowed silently.
        () => undefined,
      )
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wait]);
}
