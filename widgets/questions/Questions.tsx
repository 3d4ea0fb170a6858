// A list of questions: yes/no toggles and Low/Medium/High sliders, each with an optional info tip.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { InfoButton, InfoPanel } from '../shared/InfoTip.tsx';
import { YesNo } from '../shared/YesNo.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy, type Translate } from '../shared/use-copy.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import { Slider } from './Slider.tsx';
import './questions.css';

export interface QuestionField {
  name: string;
  kind: 'yesno' | 'slider';
  label: string;
  info?: string;
}

export interface QuestionsProps {
  fields: QuestionField[];
}

/** Slider default when the answers have no value yet (§9). */
const SLIDER_DEFAULT = 1;

export function Questions({ props, answers, send, busy, ns }: WidgetProps<QuestionsProps>) {
  const { t } = useCopy(ns);
  return (
    <div className="widget questions">
      {props.fields.map((field) => (
        <Question key={field.name} field={field} answers={answers} send={send} busy={busy} t={t} />
      ))}
    </div>
  );
}

interface QuestionProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy'> {
  field: QuestionField;
  t: Translate;
}

function Question({ field, answers, send, busy, t }: QuestionProps) {
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
    </div>
  );
}
