// The report links block's props: the computed list of reports and its copy.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const reportLinks: WidgetDeclaration = {
  description: 'Links to the reports already on file.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['reports', 'title', 'text', 'link', 'linkOf'],
    properties: {
      reports: { type: 'string', description: 'The computed value listing the reports: [{ id, path }].' },
      title: { type: 'string' },
      text: { type: 'string' },
      link: { type: 'string', description: 'Copy key of the link to one report.' },
      linkOf: { type: 'string', description: 'Copy key of each link when there are several ({{number}} of {{count}}).' },
    },
  },
  computedProps: { '/reports': { type: 'array' } },
};
