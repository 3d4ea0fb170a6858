// The consent block's and the legal notice's props and the consent notices they show; consent's step may go on once
// the person chose No, or Yes with every box ticked.
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { ConsentProps } from './Consent.tsx';

/** Why the call is offered, for an accident claim: common's, unless the flow's namespace says them its way. */
export const ACCIDENT_REASONS = ['consent.reasons.severity', 'consent.reasons.date', 'consent.reasons.fault'];

export const consent: WidgetDeclaration<ConsentProps> = {
  description: 'The legal-consultation question: Yes or No, boxes to tick after Yes, and the legal notice of the choice.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['field', 'question'],
    properties: {
      field: { type: 'string', description: 'The answer field of the choice: true, false, or null while undecided.' },
      question: { type: 'string', description: 'Copy key of the question.' },
      variant: { enum: ['primary', 'secondary'], description: 'secondary: notices naming marketing partners and sponsors.' },
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
      notice: { type: 'boolean', description: 'false: no notice here, for a flow that submits on a later screen.' },
      reasons: {
        type: 'array',
        minItems: 1,
        items: { type: 'string' },
        default: ACCIDENT_REASONS,
        description: 'Copy keys of why the call is offered ("Why am I seeing this?"), looked up in the flow\'s namespace, then common.',
      },
    },
  },
  answerProps: ['/field', '/toggles/*/field'],
  notices: ({ variant = 'primary', notice }) => (notice === false ? [] : ['undecided', 'yes', 'no'].map((choice) => `common:consent.notice.${variant}.${choice}`)),
  ready: ({ field, toggles = [] }) =>
    toggles.length === 0
      ? { '!==': [answer(field), null] }
      : { or: [{ '==': [answer(field), false] }, { and: [{ '==': [answer(field), true] }, ...toggles.map((toggle) => ({ '==': [answer(toggle.field), true] }))] }] },
  // After Yes, only the boxes are left.
  notReady: ({ field }) => ({ if: [{ '==': [answer(field), true] }, 'notReady.consentBoxes', 'notReady.consentChoice'] }),
};

export const legalNotice: WidgetDeclaration<{ notice: string }> = {
  description: 'A legal notice in small print, for a step whose button is the agreement.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['notice'],
    properties: { notice: { type: 'string', description: 'Copy key of the notice (a consent.notice key, kept as consent evidence).' } },
  },
  notices: ({ notice }) => [notice],
};
