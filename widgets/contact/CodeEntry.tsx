// Contact sub-step 2: the 4-digit one-time code, typed or filled from the SMS by WebOTP; or the text's link opened,
// after which the step goes on by itself.
import { useId, useState } from 'react';
import { CODE_LENGTH, isValid, parsePhone } from '../../engine/validators.ts';
import { STEP_ERROR_ID, type WidgetProps } from '../types.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { TextField } from '../fields/TextField.tsx';
import { useLinkConfirmation } from './link-confirmation.ts';
import { useWebOtp } from './use-web-otp.ts';

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
  const { t } = useCopy(ns);
  const sentId = useId();
  const [answer, setAnswer] = useAnswer<string>({ answers, send }, 'code');
  const code = typeof answer === 'string' ? answer : '';
  const check = (v: string) => isValid('code', v, new Date());

  const change = (input: string) => {
    const next = toCode(input);
    setAnswer(next);
  };
  useWebOtp(change);

  // The link confirmed the number (the API now holds the visitor verified): Next's check passes whatever code is typed.
  const [linkConfirmed, setLinkConfirmed] = useState(false);
  useLinkConfirmation(() => {
    setLinkConfirmed(true);
    if (check(code)) send({ type: 'NEXT' });
  });

  const label = t('common:contact.code');

  return (
    <div className="widget contact" aria-busy={busy || undefined}>
      <p id={sentId}>
        {t('common:contact.codeSentTo', { phone: displayPhone(answers.phone), length: CODE_LENGTH })}
      </p>
      <TextField
        name="code"
        inputClassName="field__input--code"
        label={label}
        value={code}
        valid={check(code)}
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
      <p className="muted">{t('common:contact.codeHelp')}</p>
      {linkConfirmed && !check(code) && <p role="status">{t('common:contact.linkConfirmed')}</p>}
    </div>
  );
}
