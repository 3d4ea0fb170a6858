// The explanation block's props: where its two links go.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const explanation: WidgetDeclaration = {
  description: 'Why a consultation may help, with a link to learn more and one to close.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['learnMoreHref', 'closeHref'],
    properties: { learnMoreHref: { type: 'string' }, closeHref: { type: 'string' } },
  },
};
