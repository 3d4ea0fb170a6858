// The questions block's props, the answers it writes and when its step may go on: every question answered (a slider
// always is), a date a real past one, a city one chosen from the list.
import { answer, allOf, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { Logic } from '../../engine/types.ts';
import type { QuestionsProps } from './Questions.tsx';

const KINDS = ['yesno', 'slider', 'choice', 'date', 'city'] as const;

/** What makes one question answered, by kind. */
const answered: Record<(typeof KINDS)[number], ((name: string) => Logic) | undefined> = {
  yesno: (name) => ({ '!==': [answer(name), null] }),
  slider: undefined,
  choice: (name) => ({ '!==': [answer(name), null] }),
  date: (name) => ({ valid: ['pastDate', answer(name)] }),
  city: (name) => ({ valid: ['place', answer(name)] }),
};

export const questions: WidgetDeclaration<QuestionsProps> = {
  description: 'Questions: yes/no toggles, Low/Medium/High sliders, choices, accident dates and cities.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['fields'],
    properties: {
      fields: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'kind', 'label'],
          properties: {
            name: { type: 'string', description: 'The answer field it writes.' },
            kind: { enum: [...KINDS] },
            label: { type: 'string', description: 'Copy key of the question.' },
            info: { type: 'string', description: 'Copy key of its info tip.' },
            options: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['value', 'label'],
                properties: { value: { type: 'string' }, label: { type: 'string' } },
              },
              description: 'A choice’s options: the value written and the copy key shown.',
            },
            required: { type: 'string', description: 'Copy key shown when a choice is left without one.' },
            amount: { type: 'string', description: 'A slider’s optional amount: its answer field.' },
          },
          if: { properties: { kind: { const: 'choice' } } },
          then: { required: ['options'], properties: { options: true } },
          else: { properties: { options: false, required: false } },
        },
      },
    },
  },
  answerProps: ['/fields/*/name', '/fields/*/amount'],
  ready: (props) => allOf(props.fields.map((field) => answered[field.kind]?.(field.name))),
  notReady: () => 'notReady.questions',
};
