// The intro block's props: its lead paragraph and the points under it (copy keys).
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const intro: WidgetDeclaration = {
  description: 'A paragraph and a list of points, such as a funnel’s first screen.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['text'],
    properties: {
      text: { type: 'string', description: 'Copy key of the paragraph.' },
      points: { type: 'array', items: { type: 'string' }, description: 'Copy keys of the points, in order.' },
    },
  },
};
