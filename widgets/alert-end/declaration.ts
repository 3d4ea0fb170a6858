// The alert end block's props: the computed value holding when the alert ends, and the sentence that says so.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const alertEnd: WidgetDeclaration = {
  description: 'Until when a report alert texts, and what happens when it ends.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['ends', 'text'],
    properties: {
      ends: { type: 'string', description: 'The computed value: the alert’s end, an ISO instant (the lead API’s alert.expiresAt).' },
      text: { type: 'string', description: 'Copy key of the sentence ({{date}}: the end, in the person’s language and time zone).' },
    },
  },
  computedProps: { '/ends': { type: ['string', 'null'] } },
};
