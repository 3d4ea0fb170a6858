// Widget name (as used in flow files, listed in schemas/widgets.json) -> React component, each its own chunk.
import { loadPhoneLibrary } from '../engine/phone.ts';
import type { Flow } from '../engine/types.ts';
import { lazyWidget, type LazyWidget } from './lazy-widget.tsx';
import './shared/ui.css';

export const registry: Record<string, LazyWidget> = {
  intro: lazyWidget(() => import('./intro/Intro.tsx').then((m) => m.Intro)),
  questions: lazyWidget(() => import('./questions/Questions.tsx').then((m) => m.Questions)),
  contact: lazyWidget(() => import('./contact/Contact.tsx').then((m) => m.Contact)),
  'case-value': lazyWidget(() => import('./case-value/CaseValue.tsx').then((m) => m.CaseValue)),
  consent: lazyWidget(() => import('./consent/Consent.tsx').then((m) => m.Consent)),
  'sponsor-consent': lazyWidget(() => import('./sponsor-consent/SponsorConsent.tsx').then((m) => m.SponsorConsent)),
  'lead-types': lazyWidget(() => import('./lead-types/LeadTypes.tsx').then((m) => m.LeadTypes)),
  'call-time': lazyWidget(() => import('./call-time/CallTime.tsx').then((m) => m.CallTime)),
  'call-windows': lazyWidget(() => import('./call-windows/CallWindows.tsx').then((m) => m.CallWindows)),
  explanation: lazyWidget(() => import('./explanation/Explanation.tsx').then((m) => m.Explanation)),
  locate: lazyWidget(() => import('./locate/Locate.tsx').then((m) => m.Locate)),
  'free-text': lazyWidget(() => import('./free-text/FreeText.tsx').then((m) => m.FreeText)),
  redirect: lazyWidget(() => import('./redirect/Redirect.tsx').then((m) => m.Redirect)),
  dialog: lazyWidget(() => import('./dialog/Dialog.tsx').then((m) => m.Dialog)),
  'report-search': lazyWidget(() => import('./report-search/ReportSearch.tsx').then((m) => m.ReportSearch)),
  'report-links': lazyWidget(() => import('./report-links/ReportLinks.tsx').then((m) => m.ReportLinks)),
  'alert-end': lazyWidget(() => import('./alert-end/AlertEnd.tsx').then((m) => m.AlertEnd)),
};

/** What a widget needs loaded before it is usable beyond its code, started when its step is current or next. */
export const preloads: Record<string, () => Promise<unknown>> = {
  contact: loadPhoneLibrary,
  locate: () => import('./locate/LeafletMap.tsx'),
};

/** The widgets a step of a flow shows. */
export const widgetsOf = (flow: Flow, stepId: string) => flow.steps[stepId]?.blocks.map((block) => block.widget) ?? [];

/** The code of widgets, fetched in parallel: once it resolves, they render without suspending. */
export const loadWidgets = (widgets: string[]) => Promise.all(widgets.map((widget) => registry[widget]?.load() ?? Promise.resolve()));
