// The case value block's props: the computed level (0 to 3) its gauge shows, with a percent and headline per level,
// and the answers it was based on.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

const perLevel = (items: object) => ({ type: 'array', minItems: 4, maxItems: 4, items });

export const caseValue: WidgetDeclaration = {
  description: 'The estimated case value: a headline and a gauge for the level, and the answers it is based on.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['level', 'factors'],
    properties: {
      level: { type: 'string', description: 'The computed value holding the level: 0 (low) to 3 (highest).' },
      percents: { ...perLevel({ type: 'integer', minimum: 0, maximum: 100 }), default: [12, 36, 75, 95], description: 'How full the gauge is at each level.' },
      headlines: {
        ...perLevel({ type: 'string' }),
        default: ['caseValue.low', 'caseValue.medium', 'caseValue.high', 'caseValue.highest'],
        description: "Copy key of the headline at each level (by default common's, unless the flow's namespace says them its way).",
      },
      factors: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['field', 'kind', 'label'],
          properties: { field: { type: 'string' }, kind: { enum: ['yesno', 'slider'] }, label: { type: 'string' } },
        },
        description: 'The answers shown under the gauge.',
      },
      estimate: { type: 'string', description: 'Answer field of the estimate in dollars.' },
    },
  },
  answerProps: ['/factors/*/field', '/estimate'],
  computedProps: { '/level': { type: 'integer', minimum: 0, maximum: 3 } },
};
