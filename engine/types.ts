// The shapes of a flow file, of a running funnel's context and of its events.

export type Logic = unknown;

/** The time now in milliseconds since the epoch (Date.now in the app, a fixed instant in tests). */
export type Clock = () => number;

export interface Transition {
  target?: string;
  guard?: Logic;
  effect?: string;
  then?: { guard: Logic; target: string }[];
  clear?: string[];
}

export interface Block {
  widget: string;
  props?: Record<string, unknown>;
  when?: Logic;
}

export type FlowEventType = 'NEXT' | 'BACK' | 'ANSWER';

export interface Step {
  title?: string;
  /** How far along the funnel the step is, in percent (the progress bar). */
  progress?: number;
  blocks: Block[];
  nav?: { back?: string; next?: Logic; notReady?: Logic };
  entry?: string[];
  final?: boolean;
  /** false: not an entry of the browser history (a screen that only passes): Back from what follows skips it. */
  history?: boolean;
  on?: Partial<Record<FlowEventType, Transition | Transition[]>>;
}

export interface EffectSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, Logic>;
  /** Request headers (e.g. page-referrers); a header whose value renders to nothing is left out. */
  headers?: Record<string, Logic>;
  body?: Logic;
  /** A list: the request is made once per item, readable as `item` in the templates. */
  each?: Logic;
  outbox?: boolean;
  errors?: Record<string, string>;
}

export interface Flow {
  $schema?: string;
  id: string;
  version: number;
  routes: string[];
  namespace: string;
  /** The place of the site this funnel is: the menu, the home screen and other pages link it by this name. */
  site?: SitePlace;
  initial: string;
  answers: Record<string, unknown>;
  /** Answers taken from the visit (query, meta, locale) when the funnel starts; null keeps the initial value. */
  prefill?: Record<string, Logic>;
  computed?: Record<string, Logic>;
  steps: Record<string, Step>;
  effects: Record<string, EffectSpec>;
  /** An A/B test of the funnel: each visit runs one arm, readable by its rules as flow.variant (engine/experiment.ts). */
  experiment?: Experiment;
}

/** The site's places that are funnels (schemas/flow.schema.json's site), each one funnel's. */
export type SitePlace = 'findReport' | 'notify' | 'consult' | 'calculate';

export interface Experiment {
  id: string;
  arms: { name: string; weight: number }[];
}

/**
 * Facts about the visit that the app gathers (attribution, business token, the route opened, the experiment's arm as
 * variant), readable as meta.<name>.
 */
export type Meta = Record<string, string | undefined>;

export interface FlowError {
  effect: string;
  /** Error code from the API body (`error`), or 'network'. */
  code: string;
  /** Copy key to show, from the effect's `errors` map. */
  messageKey: string;
  /** Raw text of the failure, for dialogs that show it. */
  detail?: string;
  /** Seconds the API asked to wait before trying again (a 429 refusal). */
  waitSeconds?: number;
  /** Where the API sends the person after the message (an http(s) URL): the page shows it in a dialog that goes there. */
  redirect?: string;
}

export interface FlowContext {
  answers: Record<string, unknown>;
  /** Output of each effect that succeeded, by effect name. */
  results: Record<string, unknown>;
  query: Record<string, string>;
  meta: Meta;
  locale: string;
  error: FlowError | null;
}

export interface FlowInput {
  query?: Record<string, string>;
  meta?: Meta;
  locale?: string;
}

export type FlowEvent = { type: 'NEXT' } | { type: 'BACK' } | { type: 'ANSWER'; values: Record<string, unknown> } | { type: 'SET_LOCALE'; locale: string };

export interface EffectRequest {
  method: EffectSpec['method'];
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  outbox: boolean;
}

/** What an effect actor receives: the rendered requests (one, or one per item of `each`), and their context. */
export interface EffectInput {
  name: string;
  flowId: string;
  flowVersion: number;
  requests: EffectRequest[];
  /** The effect has `each`: its result is the list of answers, not the one answer. */
  each: boolean;
  context: FlowContext;
}
