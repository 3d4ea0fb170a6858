// The free text block's props and when its step may go on: some text besides spaces.
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { FreeTextProps } from './FreeText.tsx';

export const freeText: WidgetDeclaration<FreeTextProps> = {
  description: 'A text the person writes, such as what happened.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['field', 'label'],
    properties: {
      field: { type: 'string', description: 'The answer field of the text.' },
      label: { type: 'string', description: 'Copy key of the label.' },
      hint: { type: 'string', description: 'Copy key of the hint under it.' },
      maxLength: { type: 'integer', minimum: 1, maximum: 5000, description: 'The longest text taken (the API keeps 5000 characters).' },
    },
  },
  answerProps: ['/field'],
  ready: ({ field }) => ({ valid: ['required', answer(field)] }),
  notReady: () => 'notReady.freeText',
};
