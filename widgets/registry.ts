// Widget name (as used in flow files, listed in schemas/widgets.json) -> React component, each its own chunk.
import { loadPhoneLibrary } from '../engine/phone.ts';
import type { Flow } from '../engine/types.ts';
import { lazyPart, type LazyPart } from './lazy-part.tsx';
import { LeafletMap } from './locate/leaflet-map-part.ts';
import type { WidgetProps } from './types.ts';
import './shared/ui.css';

export const registry: Record<string, LazyPart<WidgetProps<never>>> = {
  intro: lazyPart(() => import('./intro/Intro.tsx').then((m) => m.Intro)),
  questions: lazyPart(() => import('./questions/Questions.tsx').then((m) => m.Questions)),
  contact: lazyPart(() => import('./contact/Contact.tsx').then((m) => m.Contact)),
  'case-value': lazyPart(() => import('./case-value/CaseValue.tsx').then((m) => m.CaseValue)),
  consent: lazyPart(() => import('./consent/Consent.tsx').then((m) => m.Consent)),
  'sponsor-consent': lazyPart(() => import('./sponsor-consent/SponsorConsent.tsx').then((m) => m.SponsorConsent)),
  'lead-types': lazyPart(() => import('./lead-types/LeadTypes.tsx').then((m) => m.LeadTypes)),
  'call-time': lazyPart(() => import('./call-time/CallTime.tsx').then((m) => m.CallTime)),
  'call-windows': lazyPart(() => import('./call-windows/CallWindows.tsx').then((m) => m.CallWindows)),
  explanation: lazyPart(() => import('./explanation/Explanation.tsx').then((m) => m.Explanation)),
  locate: lazyPart(() => import('./locate/Locate.tsx').then((m) => m.Locate)),
  'free-text': lazyPart(() => import('./free-text/FreeText.tsx').then((m) => m.FreeText)),
  redirect: lazyPart(() => import('./redirect/Redirect.tsx').then((m) => m.Redirect)),
  dialog: lazyPart(() => import('./dialog/Dialog.tsx').then((m) => m.Dialog)),
  'report-search': lazyPart(() => import('./report-search/ReportSearch.tsx').then((m) => m.ReportSearch)),
  'report-links': lazyPart(() => import('./report-links/ReportLinks.tsx').then((m) => m.ReportLinks)),
  'alert-end': lazyPart(() => import('./alert-end/AlertEnd.tsx').then((m) => m.AlertEnd)),
};

/** What a widget needs loaded before it is usable beyond its code, started when its step is current or next. */
export const preloads: Record<string, () => Promise<unknown>> = {
  contact: loadPhoneLibrary,
  locate: () => LeafletMap.load(),
};

/** The widgets a step of a flow shows. */
export const widgetsOf = (flow: Flow, stepId: string) => flow.steps[stepId]?.blocks.map((block) => block.widget) ?? [];

/** The code of widgets, fetched in parallel: once it resolves, they render without suspending. */
export const loadWidgets = (widgets: string[]) => Promise.all(widgets.map((widget) => registry[widget]?.load() ?? Promise.resolve()));
