// /privacy's proof of a phone: the number, then the code texted to it or the text's link opened (the funnels'
// mfa-sms-send, mfa-sms-verify and mfa-sms-confirmed, whose cookie then opens the person's data). Failures are said
// next to the field that caused them.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '../../../engine/validators.ts';
import { TextField } from '../../../widgets/fields/TextField.tsx';
import { toCode } from '../../../widgets/contact/CodeEntry.tsx';
import { LinkConfirmationContext, useLinkConfirmation } from '../../../widgets/contact/link-confirmation.ts';
import { useWebOtp } from '../../../widgets/contact/use-web-otp.ts';
import { ApiError } from '../../api/client.ts';
import { codeLinkConfirmed } from '../../api/phone-link.ts';
import { sendPrivacyCode, verifyPrivacyCode } from '../../api/privacy.ts';
import { formatWait } from '../../funnel/format-wait.ts';
import { knownLanguage } from '../../i18n.ts';

/** The 10 digits of a US number as typed ("(202) 555-0123", "+1 202 555 0123"), or undefined. */
export function nationalOf(typed: string): string | undefined {
  const digits = typed.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : undefined;
}

/** (202) 555-0123, with non-breaking spaces so it stays on one line. */
export const displayNational = (national: string) => `(${national.slice(0, 3)})\u00a0${national.slice(3, 6)}-${national.slice(6)}`;

/** The errors catalogue's message for a failed code call (the same the funnels show). */
const MESSAGES: Record<string, string> = {
  challenge_required: 'errors:CHALLENGE_FAILED',
  confirm_by_link: 'errors:CONFIRM_BY_LINK',
  rate_limited: 'errors:RATE_LIMITED',
  blacklisted: 'errors:COMMERCIAL_USER',
  too_many_checks: 'errors:TOO_MANY_TRIES',
  code_expired: 'privacy:code.expired',
  invalid_code: 'errors:CODE_YOU_ENTERED_IS_INVALID_',
  network: 'privacy:failed',
};

function useFailure() {
  const { t, i18n } = useTranslation(['privacy', 'errors']);
  return (error: unknown, fallback: string) => {
    const code = error instanceof ApiError ? error.code : 'network';
    const wait = formatWait(error instanceof ApiError ? (error.retryAfter ?? 0) : 0, i18n.language);
    return t(MESSAGES[code] ?? fallback, { wait });
  };
}

export function ProvePhone({ onVerified }: { onVerified: () => void }) {
  const [national, setNational] = useState<string>();
  return national === undefined ? (
    <PhoneForm onSent={(sent, verified) => (verified ? onVerified() : setNational(sent))} />
  ) : (
    <LinkConfirmationContext.Provider value={codeLinkConfirmed}>
      <CodeForm national={national} onVerified={onVerified} onOtherNumber={() => setNational(undefined)} />
    </LinkConfirmationContext.Provider>
  );
}

function PhoneForm({ onSent }: { onSent: (national: string, verified: boolean) => void }) {
  const { t, i18n } = useTranslation(['privacy', 'errors']);
  const failure = useFailure();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const national = nationalOf(typed);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!national) return setError(t('errors:PLEASE_ENTER_VALID_PHONE'));
    setBusy(true);
    setError(null);
    try {
      const answer = await sendPrivacyCode(national, knownLanguage(i18n.language));
      onSent(national, answer.verified === true);
    } catch (failed) {
      setError(failure(failed, 'errors:CELL_PHONE_NUMBER_IS_INVALID_'));
      setBusy(false);
    }
  };

  return (
    <form className="privacy__form" method="dialog" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('yourData.intro')}</p>
      <TextField
        name="phone"
        label={t('phone.label')}
        value={typed}
        valid={national !== undefined}
        validLabel={t('phone.valid')}
        error={error}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
        {busy ? t('phone.sending') : t('phone.send')}
      </button>
      <p className="muted">{t('phone.note')}</p>
    </form>
  );
}

function CodeForm({ national, onVerified, onOtherNumber }: { national: string; onVerified: () => void; onOtherNumber: () => void }) {
  const { t, i18n } = useTranslation(['privacy', 'errors']);
  const failure = useFailure();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sentId = useId();
  const form = useRef<HTMLFormElement>(null);
  useWebOtp((otp) => setCode(toCode(otp)));
  // The text's link was opened: the API holds this visitor verified, as a right code would.
  useLinkConfirmation(onVerified);
  // The number's form, and the button that was focused, are gone: the code's field takes the focus.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus(), []);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (code.length !== CODE_LENGTH) return setError(t('errors:CODE_YOU_ENTERED_IS_INVALID_'));
    setBusy(true);
    setError(null);
    try {
      await verifyPrivacyCode(national, code);
      onVerified();
    } catch (failed) {
      setError(failure(failed, 'errors:CODE_YOU_ENTERED_IS_INVALID_'));
      setBusy(false);
    }
  };

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setCode('');
    try {
      await sendPrivacyCode(national, knownLanguage(i18n.language));
    } catch (failed) {
      setError(failure(failed, 'errors:CELL_PHONE_NUMBER_IS_INVALID_'));
    }
    setBusy(false);
  };

  return (
    <form ref={form} className="privacy__form" method="dialog" onSubmit={(event) => void check(event)} noValidate>
      <p id={sentId}>{t('code.sentTo', { phone: displayNational(national) })}</p>
      <TextField
        name="code"
        inputClassName="field__input--code"
        label={t('code.label')}
        value={code}
        valid={code.length === CODE_LENGTH}
        validLabel={t('code.valid')}
        error={error}
        hintId={sentId}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        readOnly={busy}
        onChange={(event) => {
          setCode(toCode(event.target.value));
          setError(null);
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
        {busy ? t('code.checking') : t('code.check')}
      </button>
      <div className="privacy__actions">
        <button type="button" className="btn btn-secondary" onClick={() => void resend()}>
          {t('code.resend')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onOtherNumber}>
          {t('code.other')}
        </button>
      </div>
    </form>
  );
}
