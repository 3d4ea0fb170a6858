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
    properties: {
      stage: { enum: ['details', 'code'] },
      notice: { type: 'string', description: "Copy key of the consent notice shown above the details stage's button (Send code)." },
    },
  },
  notices: ({ stage, notice }) => (stage === 'details' && notice ? [notice] : []),
  answers: ['name', 'email', 'phone', 'code', 'linkConfirmed', 'notice'],
  // Send code waits for its notice to be on screen: the code step records it as the consent.
  ready: ({ stage, notice }) =>
    stage === 'code'
      ? { or: [{ valid: ['code', answer('code')] }, { '===': [answer('linkConfirmed'), true] }] }
      : allOf([
          { valid: ['fullName', answer('name')] },
          { valid: ['email', answer('email')] },
          { valid: ['phone', answer('phone')] },
          notice === undefined ? undefined : { '==': [answer('notice.key'), notice] },
        ]),
  notReady: ({ stage }) => (stage === 'code' ? 'notReady.contactCode' : 'notReady.contact'),
};
