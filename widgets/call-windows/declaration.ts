// The call windows block's props: the computed value holding when each service will call.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const callWindows: WidgetDeclaration = {
  description: 'When each service chosen will call, from the API’s answer.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['windows'],
    properties: { windows: { type: 'string', description: 'The computed value: { <service>: { from, to, timeZone } }.' } },
  },
  computedProps: { '/windows': { type: ['object', 'null'] } },
};
