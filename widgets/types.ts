// The contract between the funnel page and a widget: what a widget is given and how it talks back.
import type { ComponentType } from 'react';
import type { FlowError, FlowEvent } from '../engine/types.ts';

export interface WidgetProps<P = Record<string, unknown>> {
  /** The block's props from the flow JSON (copy keys, field names, options). */
  props: P;
  /** The funnel's answers so far. */
  answers: Record<string, unknown>;
  /** Values the flow computes (e.g. computed.level). */
  computed: Record<string, unknown>;
  /** Output of effects that succeeded, by effect name. */
  results: Record<string, unknown>;
  /** The last effect failure of this step, or null. */
  error: FlowError | null;
  /** An effect of this step is running (show loading, block input). */
  busy: boolean;
  send: (event: FlowEvent) => void;
  /** Whether the machine would take this event now (guards included). */
  can: (event: FlowEvent) => boolean;
  /** The flow's i18n namespace: copy keys without a namespace resolve there, then in common. */
  ns: string;
  /** The step's id in the flow ("2", "2.5", ...). */
  stepId: string;
  /** Leaves the funnel for an app path or URL (dialogs and Close buttons); the app passes its router's navigate. Without it widgets fall back to a full page load. */
  navigate?: (href: string) => void;
}

export type Widget = ComponentType<WidgetProps<never>>;
