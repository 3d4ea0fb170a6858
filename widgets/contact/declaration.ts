// The contact block's props, the answers it writes and when its step may go on: a full name, an email and a cell
// phone that are valid; or a code of the right length.
import { answer, allOf, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { ContactProps } from './Contact.tsx';

export const contact: WidgetDeclaration<ContactProps> = {
  description: 'Name, email and cell phone (stage details), or the code texted to the phone (stage code).',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['stage'],
    properties: { stage: { enum: ['details', 'code'] } },
  },
  answers: ['name', 'email', 'phone', 'code'],
  ready: ({ stage }) =>
    stage === 'code'
      ? { valid: ['code', answer('code')] }
      : allOf([
          { valid: ['fullName', answer('name')] },
          { valid: ['email', answer('email')] },
          { valid: ['phone', answer('phone')] },
        ]),
  notReady: ({ stage }) => (stage === 'code' ? 'notReady.contactCode' : 'notReady.contact'),
};
