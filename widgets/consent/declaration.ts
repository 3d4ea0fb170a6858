// The consent block's props and the answers it writes; its step may go on once the person chose No, or Yes with every
// box ticked.
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { ConsentProps } from './Consent.tsx';

export const consent: WidgetDeclaration<ConsentProps> = {
  description: 'The legal-consultation question: why it is offered, Yes or No, boxes to tick after Yes, an optional reason after No.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['field', 'question', 'reasons'],
    properties: {
      field: { type: 'string', description: 'The answer field of the choice: true, false, or null while undecided.' },
      question: { type: 'string', description: 'Copy key of the question.' },
      intro: { type: 'string', description: 'Copy key of the line above it: what the call may bring (consent.intro unless told).' },
      toggles: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['field', 'label'],
          properties: { field: { type: 'string' }, label: { type: 'string' } },
        },
        description: 'Boxes to tick once Yes is chosen: boolean answer fields and their copy keys.',
      },
      reasons: {
        type: 'array',
        minItems: 1,
        items: { type: 'string' },
        description:
          'Copy keys of why the call is offered ("Why am I seeing this?"): the things the funnel\'s steps asked about, looked up in the flow\'s namespace, then common.',
      },
      declineReason: { type: 'string', description: 'Answer field of the optional reason a No gives (report, noCall, info, hasLawyer, other).' },
      deadline: {
        type: 'string',
        description:
          "Answer field of the case value's estimate: a last reason says the days it left to file under the state's statute of limitations (or that it may have passed).",
      },
    },
  },
  answerProps: ['/field', '/toggles/*/field', '/declineReason', '/deadline'],
  ready: ({ field, toggles = [] }) =>
    toggles.length === 0
      ? { '!==': [answer(field), null] }
      : {
          or: [
            { '==': [answer(field), false] },
            { and: [{ '==': [answer(field), true] }, ...toggles.map((toggle) => ({ '==': [answer(toggle.field), true] }))] },
          ],
        },
  // After Yes, only the boxes are left.
  notReady: ({ field }) => ({ if: [{ '==': [answer(field), true] }, 'notReady.consentBoxes', 'notReady.consentChoice'] }),
};
