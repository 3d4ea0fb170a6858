// The report search block's props and the answers it reads and writes.
import type { WidgetDeclaration } from '../../engine/widget-declaration.ts';

export const reportSearch: WidgetDeclaration = {
  description: 'Searches the reports for the accident located, then goes on by itself.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['href', 'text'],
    properties: {
      href: { type: 'string', description: 'The results page’s path.' },
      text: { type: 'string', description: 'Copy key of the line shown meanwhile.' },
      query: { type: 'string', description: 'The answer field it writes the search’s query to before its NEXT.' },
    },
  },
  answers: ['locateBy', 'vin', 'caseID', 'date', 'place', 'location', 'vehicleMake', 'vehicleYear'],
  answerProps: ['/query'],
};
