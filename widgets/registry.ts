// Widget name (as used in flow files, listed in schemas/widgets.json) -> React component.
import { loadPhoneLibrary } from '../engine/phone.ts';
import type { Widget } from './types.ts';
import { CallTime } from './call-time/CallTime.tsx';
import { CaseValue } from './case-value/CaseValue.tsx';
import { Consent } from './consent/Consent.tsx';
import { LegalNoticeBlock } from './consent/LegalNotice.tsx';
import { Contact } from './contact/Contact.tsx';
import { Dialog } from './dialog/Dialog.tsx';
import { Explanation } from './explanation/Explanation.tsx';
import { FreeText } from './free-text/FreeText.tsx';
import { Intro } from './intro/Intro.tsx';
import { LeadTypes } from './lead-types/LeadTypes.tsx';
import { Locate } from './locate/Locate.tsx';
import { Questions } from './questions/Questions.tsx';
import { Redirect } from './redirect/Redirect.tsx';
import './shared/ui.css';

export const registry: Record<string, Widget> = {
  intro: Intro,
  questions: Questions,
  contact: Contact,
  'case-value': CaseValue,
  consent: Consent,
  'legal-notice': LegalNoticeBlock,
  'lead-types': LeadTypes,
  'call-time': CallTime,
  explanation: Explanation,
  locate: Locate,
  'free-text': FreeText,
  redirect: Redirect,
  dialog: Dialog,
};

/** What a widget needs loaded before it is usable, started when its step is current or next (a NEXT or ANSWER away). */
export const preloads: Record<string, () => Promise<unknown>> = {
  contact: loadPhoneLibrary,
  locate: () => import('./locate/LeafletMap.tsx'),
};
