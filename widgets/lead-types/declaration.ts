// The lead types block's props and when its step may go on: one service chosen at least.
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { LeadTypesProps } from './LeadTypes.tsx';

export const leadTypes: WidgetDeclaration<LeadTypesProps> = {
  description: 'The services a person wants to hear from, each with when to call.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['field'],
    properties: {
      field: { type: 'string', description: 'The answer field: { <service>: <time of day> }.' },
      services: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string' },
        default: ['DefectiveAirbag', 'dValue', 'DUILawyer', '__CALawyer', 'Chiropractor'],
        description: 'Service keys in display order, each with copy under common:leadTypes.services.<key> (every service by default).',
      },
    },
  },
  answerProps: ['/field'],
  ready: ({ field }) => ({ '>': [{ count: [answer(field)] }, 0] }),
  notReady: () => 'notReady.leadTypes',
};
