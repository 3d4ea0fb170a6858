// Every widget's declaration by the name flows give it (widgets/registry.ts has their components): no React, so the
// flow checks, the flows' expansion and the schema generator read them in Node.
import type { WidgetDeclarations } from '../engine/widget-declaration.ts';
import { alertEnd } from './alert-end/declaration.ts';
import { callTime } from './call-time/declaration.ts';
import { callWindows } from './call-windows/declaration.ts';
import { caseValue } from './case-value/declaration.ts';
import { consent } from './consent/declaration.ts';
import { contact } from './contact/declaration.ts';
import { dialog } from './dialog/declaration.ts';
import { explanation } from './explanation/declaration.ts';
import { freeText } from './free-text/declaration.ts';
import { intro } from './intro/declaration.ts';
import { leadTypes } from './lead-types/declaration.ts';
import { locate } from './locate/declaration.ts';
import { questions } from './questions/declaration.ts';
import { redirect } from './redirect/declaration.ts';
import { reportLinks } from './report-links/declaration.ts';
import { reportSearch } from './report-search/declaration.ts';
import { sponsorConsent } from './sponsor-consent/declaration.ts';

export const declarations: WidgetDeclarations = {
  intro,
  questions,
  contact,
  'case-value': caseValue,
  consent,
  'sponsor-consent': sponsorConsent,
  'lead-types': leadTypes,
  'call-time': callTime,
  'call-windows': callWindows,
  explanation,
  locate,
  'free-text': freeText,
  redirect,
  dialog,
  'report-search': reportSearch,
  'report-links': reportLinks,
  'alert-end': alertEnd,
};
