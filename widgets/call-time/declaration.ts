// The call time block's props and when its step may go on: a time chosen.
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { CallTimeProps } from './CallTime.tsx';

export const callTime: WidgetDeclaration<CallTimeProps> = {
  description: 'When to be called: one choice per time slot.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['field'],
    properties: {
      field: { type: 'string', description: 'The answer field of the slot chosen.' },
      slots: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['value', 'label'],
          properties: { value: { type: 'string' }, label: { type: 'string' } },
        },
        default: [
          { value: 'Call ASAP', label: 'common:callTime.asap' },
          { value: '9am - 10am', label: 'common:callTime.s9' },
          { value: '11am - 12pm', label: 'common:callTime.s11' },
          { value: '1pm - 2pm', label: 'common:callTime.s13' },
          { value: '3pm - 4pm', label: 'common:callTime.s15' },
          { value: '4pm - 5pm', label: 'common:callTime.s16' },
          { value: 'Call me after 5 pm', label: 'common:callTime.after5' },
        ],
        description: "The slots: the value sent and the copy key shown (the business day's hours by default).",
      },
    },
  },
  answerProps: ['/field'],
  ready: ({ field }) => ({ '!!': [answer(field)] }),
  notReady: () => 'notReady.callTime',
};
