// The dialog block's props: its copy, where closing it goes, and the computed call window it may name.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const dialog: WidgetDeclaration = {
  description: 'A dialog that closes to a page, such as the thanks after the call time is chosen.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'text', 'href'],
    properties: {
      title: { type: 'string' },
      text: { type: 'string' },
      next: { type: 'string', description: 'Copy key of what happens next, under the text: a person leaves knowing it.' },
      button: { type: 'string', description: 'Copy key of the button (OK by default).' },
      href: { type: 'string', description: 'Where closing it goes.' },
      callWindow: { type: 'string', description: 'The computed value holding the call window: { from, to, timeZone }.' },
    },
  },
  computedProps: { '/callWindow': { type: ['object', 'null'] } },
};
