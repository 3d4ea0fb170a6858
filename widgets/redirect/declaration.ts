// The redirect block's props: where it goes and the line shown meanwhile.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const redirect: WidgetDeclaration = {
  description: 'Leaves the funnel for an app path or a URL, with a line shown meanwhile.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['href', 'text'],
    properties: { href: { type: 'string' }, text: { type: 'string', description: 'Copy key of the line shown.' } },
  },
};
