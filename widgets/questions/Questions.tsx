// A list of questions: yes/no toggles, Low/Medium/High sliders, choices, dates and cities, each with an optional info tip.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { InfoButton, InfoPanel } from '../shared/InfoTip.tsx';
import { YesNo } from '../shared/YesNo.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy, type Translate } from '../shared/use-copy.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import { AmountQuestion } from './AmountQuestion.tsx';
import { FieldQuestion, type FieldQuestionSpec } from './FieldQuestion.tsx';
import { Slider } from './Slider.tsx';
import './questions.css';

interface ToggleQuestionSpec {
  name: string;
  kind: 'yesno' | 'slider';
  label: string;
  info?: string;
  /** A slider's optional amount beside it: the answer field of the range of dollars picked (AmountQuestion). */
  amount?: string;
}

export type QuestionField = ToggleQuestionSpec | FieldQuestionSpec;

const isToggle = (field: QuestionField): field is ToggleQuestionSpec => field.kind === 'yesno' || field.kind === 'slider';

export interface QuestionsProps {
  fields: QuestionField[];
}

/** Slider default when the answers have no value yet (§9). */
const SLIDER_DEFAULT = 1;

export function Questions({ props, answers, send, busy, ns }: WidgetProps<QuestionsProps>) {
  const { t } = useCopy(ns);
  return (
    <div className="widget questions">
      {props.fields.map((field) =>
        isToggle(field) ? (
          <Question key={field.name} field={field} answers={answers} send={send} busy={busy} t={t} />
        ) : (
          <FieldQuestion key={field.name} field={field} answers={answers} send={send} busy={busy} t={t} />
        ),
      )}
    </div>
  );
}

export interface QuestionProps<F> extends Pick<WidgetProps, 'answers' | 'send' | 'busy'> {
  field: F;
  t: Translate;
}

function Question({ field, answers, send, busy, t }: QuestionProps<ToggleQuestionSpec>) {
  const labelId = `${useId()}-label`;
  const [value, setValue] = useAnswer<unknown>({ answers, send }, field.name);
  const info = useDisclosure();
  const label = t(field.label);

  return (
    <div className="question card">
      <div className="question__header">
        <p className="question__label" id={labelId}>
          {label}
        </p>
        {field.info && <InfoButton disclosure={info} label={t('common:info.moreAbout', { topic: label })} />}
      </div>
      {field.info && <InfoPanel disclosure={info}>{t(field.info)}</InfoPanel>}
      {field.kind === 'yesno' ? (
        <YesNo labelledBy={labelId} value={typeof value === 'boolean' ? value : null} onChange={setValue} disabled={busy} />
      ) : (
        <Slider labelledBy={labelId} value={typeof value === 'number' ? value : SLIDER_DEFAULT} onChange={setValue} disabled={busy} />
      )}
      {field.amount && <AmountQuestion field={field.amount} answers={answers} send={send} busy={busy} t={t} />}
    </div>
  );
}
