// What the studio and its phone frames tell each other (window.postMessage, same origin): the studio says which step
// to show with which answers and fake effects; each frame says where its funnel went and what its effects did.
import type { EffectRequest, Flow, FlowError } from '../../engine/types.ts';

/** How a fake effect answers: with `result`, or by failing with the API error code `fails` ("network": no answer). */
export interface FakeEffect {
  fails?: string;
  result: unknown;
}

/** A funnel's state as the frames share it. */
export interface FunnelState {
  stepId: string;
  answers: Record<string, unknown>;
  results: Record<string, unknown>;
  error: FlowError | null;
}

/** Who last changed the shared state: a frame (its language and its count of changes) or the studio's own controls. */
export type Origin = { lang: string; seq: number } | 'studio';

export interface ShowMessage {
  type: 'studio:show';
  flow: Flow;
  state: FunnelState;
  origin: Origin;
  effects: Record<string, FakeEffect>;
  /** The frame's language's catalogues, by namespace. */
  catalogue: Record<string, unknown>;
  /** Counts the studio's restarts: a new count starts the funnel afresh at the step. */
  restart: number;
}

export type FrameMessage =
  | { type: 'studio:ready'; lang: string }
  | { type: 'studio:state'; lang: string; seq: number; state: FunnelState }
  | { type: 'studio:effect'; lang: string; name: string; requests: EffectRequest[]; outcome: string }
  | { type: 'studio:leave'; lang: string; href: string };

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
