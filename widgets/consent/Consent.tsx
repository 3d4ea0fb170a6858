// The legal-consultation choice (§2.8): why it is offered, a big Yes/No, the boxes a Yes asks to tick, and after a No
// an optional one-tap reason (§3's cancel reasons). What the button then agrees to is the sponsors' consent's notice.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { InfoButton, InfoPanel } from '../shared/InfoTip.tsx';
import { YesNo } from '../shared/YesNo.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy, type Translate } from '../shared/use-copy.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import { DECLINE_REASONS } from '../../engine/consent-notice.ts';
import './consent.css';

export type ConsentProps = {
  /** Answer field that holds the choice: true, false, or null while undecided. */
  field: string;
  /** Copy key of the question. */
  question: string;
  /** Copy key of the line above it (why the call is offered): common's accident-claim line unless told. */
  intro?: string;
  /** Checkboxes shown once Yes is chosen (§2.8: not represented by a lawyer, injuries involved): boolean answers. */
  toggles?: { field: string; label: string }[];
  /** Copy keys of why the call is offered ("Why am I seeing this?"): the things the funnel's own steps asked about. */
  reasons: string[];
  /** Answer field of the optional reason a No gives (one of DECLINE_REASONS), offered once No is chosen. */
  declineReason?: string;
  /** Answer field of the case value's estimate (widgets/case-value): a last reason says the days it left to file. */
  deadline?: string;
};

export function Consent({ props, answers, send, busy, ns }: WidgetProps<ConsentProps>) {
  const { t } = useCopy(ns);
  const questionId = useId();
  const why = useDisclosure();
  const [value, setValue] = useAnswer<boolean | null>({ answers, send }, props.field);
  const toggles = props.toggles ?? [];

  // The confirmations belong to a Yes, a reason to a No: a choice clears the other's in the same event.
  const choose = (next: boolean | null) => {
    const cleared: [string, boolean | null][] = [
      ...(next === true ? [] : toggles.map((toggle): [string, boolean] => [toggle.field, false])),
      ...(props.declineReason && next !== false ? [[props.declineReason, null] as [string, null]] : []),
    ];
    if (cleared.length === 0) setValue(next);
    else send({ type: 'ANSWER', values: { [props.field]: next, ...Object.fromEntries(cleared) } });
  };

  return (
    <div className="widget consent">
      <div className="consent__why">
        <p className="consent__intro">{t(props.intro ?? 'consent.intro')}</p>
        <div>
          <InfoButton disclosure={why} text={t('common:consent.why')} />
        </div>
        <InfoPanel disclosure={why}>
          <p>{t('common:consent.whyIntro')}</p>
          <ul>
            {props.reasons.map((reason) => (
              <li key={reason}>{t(reason)}</li>
            ))}
            {props.deadline && <li>{deadlineReason(answers[props.deadline], t)}</li>}
          </ul>
        </InfoPanel>
      </div>
      <div className="consent__choice">
        <p id={questionId} className="consent__question">
          {t(props.question)}
        </p>
        <YesNo labelledBy={questionId} value={value} onChange={choose} size="lg" disabled={busy} />
      </div>
      <div aria-live="polite">
        {value === true && toggles.length > 0 && (
          <div className="consent__toggles">
            {toggles.map((toggle) => (
              <Toggle key={toggle.field} field={toggle.field} label={t(toggle.label)} answers={answers} send={send} disabled={busy} />
            ))}
          </div>
        )}
        {value === false && props.declineReason && <DeclineReason field={props.declineReason} answers={answers} send={send} disabled={busy} ns={ns} />}
      </div>
    </div>
  );
}

/**
 * The days left to file, as the case value's estimate counted them from the state's statute of limitations and the
 * crash's date (its answer's daysLeft: widgets/case-value/estimate-answer.ts).
 */
function deadlineReason(estimate: unknown, t: Translate) {
  const daysLeft = (estimate as { daysLeft?: unknown } | null)?.daysLeft;
  if (typeof daysLeft !== 'number') return t('common:consent.reasons.deadline');
  return daysLeft > 0 ? t('common:consent.reasons.deadlineLeft', { count: daysLeft }) : t('common:consent.reasons.deadlinePast');
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

/** Why not, in one optional tap: a radio group whose choice a second tap takes back. */
function DeclineReason({ field, answers, send, disabled, ns }: Omit<ToggleProps, 'label'> & { ns: string }) {
  const { t } = useCopy(ns);
  const [reason, setReason] = useAnswer<string | null>({ answers, send }, field);
  const name = useId();
  return (
    <fieldset className="consent__reasons">
      <legend>{t('common:consent.decline.title')}</legend>
      {DECLINE_REASONS.map((key) => (
        <label key={key} className="consent__toggle">
          <input
            type="radio"
            name={name}
            checked={reason === key}
            disabled={disabled}
            onChange={() => setReason(key)}
            onClick={() => reason === key && setReason(null)}
          />
          <span>{t(`common:consent.decline.reasons.${key}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
