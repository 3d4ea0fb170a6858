// The sponsors' consent block's props, the answer it writes (the notice shown, as the lead's consent sends it) and
// when its step may go on: once its notice is on screen (not while it asks who may call).
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';
import type { SponsorConsentProps } from './SponsorConsent.tsx';

const noticesOf = ({ notices }: SponsorConsentProps) => [notices.none, notices.unavailable, notices.calls];

export const sponsorConsent: WidgetDeclaration<SponsorConsentProps> = {
  description: 'The consent of a button that sends a lead: the sponsors who may call, by name, and its notice.',
  props: {
    type: 'object',
    additionalProperties: false,
    required: ['notices'],
    properties: {
      effect: { type: 'string', description: 'The effect whose lead the sponsors are asked for (createLead by default).' },
      asks: { description: 'JSON Logic: when the person asked to be called (always, unless told).' },
      notices: {
        type: 'object',
        additionalProperties: false,
        required: ['none', 'unavailable', 'calls'],
        properties: {
          none: { type: 'string', description: 'Copy key (a consent.notice key) of the notice when no one will call: none asked, or none ticked.' },
          unavailable: { type: 'string', description: 'Copy key of the notice when no sponsor serves the request now.' },
          calls: { type: 'string', description: 'Copy key of the notice naming the sponsors who may call ({{sponsors}}).' },
        },
      },
    },
  },
  answers: ['notice'],
  ready: (props) => ({ in: [answer('notice.key'), noticesOf(props)] }),
  notReady: () => 'notReady.sponsors',
  notices: noticesOf,
};
