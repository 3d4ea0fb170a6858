// Contact sub-step 2: the 4-digit one-time code, typed or filled from the SMS by WebOTP; or the text's link opened,
// after which the step goes on by itself. A new code can be asked for here once the wait after the last one is over.
import { useContext, useId, useState } from 'react';
import { CODE_LENGTH, isValid, parsePhone } from '../../engine/validators.ts';
import { STEP_ERROR_ID, type WidgetProps } from '../types.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { TextField } from '../fields/TextField.tsx';
import { CodeResendContext } from './code-resend.ts';
import { CodeResend } from './CodeResend.tsx';
import { useLinkConfirmation } from './link-confirmation.ts';
import { useStepFailed } from './use-step-failed.ts';
import { useWebOtp } from './use-web-otp.ts';

/** The answer a flow may declare for "the text's link confirmed this send" (then Next passes without a code). */
export const LINK_CONFIRMED = 'linkConfirmed';

/** Keeps digits only, at most the code length. */
export function toCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

function displayPhone(phone: unknown): string {
  const text = typeof phone === 'string' ? phone : '';
  const parsed = parsePhone(text);
  if (!parsed) return text;
  const formatted = parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
  // Non-breaking spaces keep the number on one line.
  return formatted.replace(/ /g, '\u00a0');
}

export function CodeEntry({ answers, send, busy, ns }: WidgetProps) {
  const { t, lng } = useCopy(ns);
  const sentId = useId();
  const resend = useContext(CodeResendContext);
  const [answer, setAnswer] = useAnswer<string>({ answers, send }, 'code');
  const code = typeof answer === 'string' ? answer : '';
  const check = (v: string) => isValid('code', v, new Date());

  const change = (input: string) => {
    const next = toCode(input);
    setAnswer(next);
  };
  // Each new code sent from here is awaited anew (WebOTP gives one code per wait).
  const [newCodes, setNewCodes] = useState(0);
  useWebOtp(change, newCodes);

  // The link confirmed the number (the API now holds this browser verified): Next's check passes whatever code is typed.
  // Where the flow has the linkConfirmed answer, Next then passes without a code too (verify-phone.json), so the step
  // goes on by itself either way; else it needs a code typed.
  const [linkConfirmed, setLinkConfirmed] = useState(false);
  const goesOnWithoutCode = LINK_CONFIRMED in answers;
  useLinkConfirmation(() => {
    setLinkConfirmed(true);
    if (check(code)) return send({ type: 'NEXT' });
    if (!goesOnWithoutCode) return undefined;
    if (answers[LINK_CONFIRMED] !== true) send({ type: 'ANSWER', values: { [LINK_CONFIRMED]: true } });
    send({ type: 'NEXT' });
  });

  // The check (Next) was refused: its message, in the page's alert, is about this code, which shows no valid mark then.
  const checkFailed = useStepFailed(busy, answers);
  const label = t('common:contact.code');
  const phone = displayPhone(answers.phone);

  return (
    <div className="widget contact" aria-busy={busy || undefined}>
      <p id={sentId}>{t('common:contact.codeSentTo', { phone, length: CODE_LENGTH })}</p>
      <TextField
        name="code"
        inputClassName="field__input--code"
        label={label}
        value={code}
        valid={check(code) && !checkFailed}
        validLabel={t('common:contact.valid', { field: label })}
        error={null}
        // A wrong or expired code is the verify effect's failure, shown in the page's live region: named here too.
        hintId={`${sentId} ${STEP_ERROR_ID}`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        readOnly={busy}
        onChange={(event) => change(event.target.value)}
        // maxLength would cut a pasted "12 34" to "12 3", so a paste is cleaned before it is capped.
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text');
          if (!pasted) return;
          event.preventDefault();
          change(pasted);
        }}
      />
      {resend ? (
        <CodeResend
          resend={resend}
          answers={answers}
          busy={busy}
          t={t}
          lng={lng}
          phone={phone}
          onSent={() => {
            // The new code voids the one typed (and with it the step's error about it).
            setAnswer('');
            setNewCodes((n) => n + 1);
          }}
        />
      ) : (
        <p className="muted">{t('common:contact.codeHelp')}</p>
      )}
      {linkConfirmed && !check(code) && <p role="status">{goesOnWithoutCode ? t('common:contact.confirmed') : t('common:contact.linkConfirmed')}</p>}
    </div>
  );
}
