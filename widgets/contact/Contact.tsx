// The shared contact step: details (name, email, cell phone) or the SMS code, by `stage`.
import type { WidgetProps } from '../types.ts';
import { CodeEntry } from './CodeEntry.tsx';
import { ContactDetails } from './ContactDetails.tsx';
import './contact.css';

export type ContactProps = {
  stage: 'details' | 'code';
  /** Copy key of the consent notice the details stage shows above its button (a consent.notice key). */
  notice?: string;
};

export function Contact(widget: WidgetProps<ContactProps>) {
  return widget.props.stage === 'code' ? <CodeEntry {...widget} /> : <ContactDetails {...widget} />;
}
