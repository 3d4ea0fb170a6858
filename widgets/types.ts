// The contract between the funnel page and a widget: what a widget is given and how it talks back.
import type { ComponentType } from 'react';
import type { FlowEvent } from '../engine/types.ts';

export interface WidgetProps<P = Record<string, unknown>> {
  /** The block's props from the flow JSON (copy keys, field names, options). */
  props: P;
  /** The funnel's answers so far. */
  answers: Record<string, unknown>;
  /** Values the flow computes (e.g. computed.level). */
  computed: Record<string, unknown>;
  /** An effect of this step is running (show loading, block input). */
  busy: boolean;
  send: (event: FlowEvent) => void;
  /** One step back, as the page's Back button does (through the browser history), for widgets with their own nav. */
  back: () => void;
  /** The flow's i18n namespace: copy keys without a namespace resolve there, then in common. */
  ns: string;
  /** Leaves the funnel for an app path or a URL (dialogs and Close buttons). */
  navigate: (href: string) => void;
}

export type Widget = ComponentType<WidgetProps<never>>;

/** id of the page's live region for a step's failed effect (e.g. a wrong code), so a field can name it in aria-describedby. */
export const STEP_ERROR_ID = 'step-error';
