// The legal-consultation choice (§2.8): why it is offered, a big Yes/No, and the legal notice for the choice.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { InfoButton, InfoPanel } from '../shared/InfoTip.tsx';
import { YesNo } from '../shared/YesNo.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import { ACCIDENT_REASONS } from './declaration.ts';
import { LegalNotice } from './LegalNotice.tsx';
import './consent.css';

export type ConsentProps = {
  /** Answer field that holds the choice: true, false, or null while undecided. */
  field: string;
  /** Copy key of the question. */
  question: string;
  /** 'secondary' words the notices with a link to marketing partners and sponsors. */
  variant?: 'primary' | 'secondary';
  /** Checkboxes shown once Yes is chosen (§2.8: not represented by a lawyer, injuries involved): boolean answers. */
  toggles?: { field: string; label: string }[];
  /**
   * false: no legal notice here, for a flow that submits on a later screen (the notice of the choice, a legal-notice
   * block, stands under that screen's Submit, which is what it speaks of).
   */
  notice?: boolean;
  /** Copy keys of why the call is offered (an accident claim's by default). */
  reasons?: string[];
};

const CHOICES = ['undecided', 'yes', 'no'] as const;

export function Consent({ props, answers, send, busy, ns }: WidgetProps<ConsentProps>) {
  const { t } = useCopy(ns);
  const questionId = useId();
  const noticeId = useId();
  const why = useDisclosure();
  const [value, setValue] = useAnswer<boolean | null>({ answers, send }, props.field);
  const choice = value === true ? 'yes' : value === false ? 'no' : 'undecided';
  const variant = props.variant === 'secondary' ? 'secondary' : 'primary';
  const toggles = props.toggles ?? [];
  const notice = (of: (typeof CHOICES)[number]) => `common:consent.notice.${variant}.${of}`;
  const withNotice = props.notice !== false;
  // The longest notice's words (its links' tags dropped), to keep room for it whatever the choice (consent.css).
  const room = withNotice ? CHOICES.map((of) => t(notice(of)).replace(/<\/?\w+>/g, '')).reduce((a, b) => (b.length > a.length ? b : a)) : undefined;

  // The confirmations belong to a Yes: a No clears them in the same event, so none is left true behind a No.
  const choose = (next: boolean | null) => {
    if (next === true || toggles.length === 0) setValue(next);
    else send({ type: 'ANSWER', values: { [props.field]: next, ...Object.fromEntries(toggles.map((toggle) => [toggle.field, false])) } });
  };

  return (
    <div className="widget consent">
      <div className="consent__why">
        <p className="consent__intro">{t('consent.intro')}</p>
        <div>
          <InfoButton disclosure={why} text={t('consent.why')} />
        </div>
        <InfoPanel disclosure={why}>
          <p>{t('consent.whyIntro')}</p>
          <ul>
            {(props.reasons ?? ACCIDENT_REASONS).map((reason) => (
              <li key={reason}>{t(reason)}</li>
            ))}
          </ul>
        </InfoPanel>
      </div>
      <div className="consent__choice">
        <p id={questionId} className="consent__question">
          {t(props.question)}
        </p>
        <YesNo
          labelledBy={questionId}
          describedBy={withNotice ? noticeId : undefined}
          value={value}
          onChange={choose}
          size="lg"
          disabled={busy}
        />
      </div>
      {/* What the choice brings, announced as it changes. A new notice per choice: the confirmations a Yes adds above
          it show a new notice below them, rather than the old one moving down. */}
      <div className="consent__outcome" data-room={room} aria-live="polite">
        <div className="consent__outcome-body">
          {value === true && toggles.length > 0 && (
            <div className="consent__toggles">
              {toggles.map((toggle) => (
                <Toggle key={toggle.field} field={toggle.field} label={t(toggle.label)} answers={answers} send={send} disabled={busy} />
              ))}
            </div>
          )}
          {withNotice && <LegalNotice key={choice} id={noticeId} notice={notice(choice)} ns={ns} />}
        </div>
      </div>
    </div>
  );
}

interface ToggleProps extends Pick<WidgetProps, 'answers' | 'send'> {
  field: string;
  label: string;
  disabled: boolean;
}

function Toggle({ field, label, answers, send, disabled }: ToggleProps) {
  const [checked, setChecked] = useAnswer<boolean>({ answers, send }, field);
  return (
    <label className="consent__toggle">
      <input type="checkbox" checked={checked === true} onChange={(e) => setChecked(e.target.checked)} disabled={disabled} />
      <span>{label}</span>
    </label>
  );
}
