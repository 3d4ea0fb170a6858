// One phone frame's funnel, kept in step with the studio: the real machine with fake effects, started afresh at the
// state the studio shows whenever that state is not the frame's own; the frame's own moves are sent back to the studio.
import { createActor, fromPromise, type Actor } from 'xstate';
import { compileFlow, isBusy, stateKey, stepOf, type FlowMachine } from '../../engine/machine.ts';
import type { EffectInput, Flow } from '../../engine/types.ts';
import { sameJson, type FakeEffect, type FrameMessage, type FunnelState, type ShowMessage } from './messages.ts';

/** How long a fake effect takes: long enough to see the step's busy state. */
const EFFECT_MS = 300;

export type FlowActor = Actor<FlowMachine>;

const stateOf = (actor: FlowActor): FunnelState => {
  const snapshot = actor.getSnapshot();
  const { answers, results, error } = snapshot.context;
  return { stepId: stepOf(snapshot), answers, results, error };
};

/** The flow's named effects as fakes: no SMS is sent and no lead stored; each one run is told to the studio. */
function fakeActors(flow: Flow, fakes: Record<string, FakeEffect>, told: (name: string, input: EffectInput, outcome: string) => void) {
  return Object.fromEntries(
    Object.keys(flow.effects).map((name) => [
      name,
      fromPromise<unknown, EffectInput>(async ({ input }) => {
        await new Promise((resolve) => setTimeout(resolve, EFFECT_MS));
        const fake = fakes[name] ?? { result: { success: true } };
        told(name, input, fake.fails ? `fails: ${fake.fails}` : 'succeeds');
        if (fake.fails === 'network') throw new Error('Network Error');
        if (fake.fails) throw Object.assign(new Error(fake.fails), { code: fake.fails });
        return input.each ? input.requests.map(() => fake.result) : fake.result;
      }),
    ]),
  );
}

export class FrameSync {
  private actor: FlowActor | undefined;
  private basis = '';
  /** How many moves of its own this frame has told the studio. */
  private seq = 0;
  /** The state the studio knows, so the frame tells it only what is new. */
  private known: FunnelState | undefined;

  constructor(
    private readonly lang: string,
    private readonly post: (message: FrameMessage) => void,
    private readonly started: (actor: FlowActor, flow: Flow) => void,
  ) {}

  show(message: ShowMessage): void {
    const basis = JSON.stringify([message.flow, message.effects, message.restart]);
    // The studio repeating a move of this frame (or an older one, when the frame has moved on since): nothing to do.
    const echo = typeof message.origin === 'object' && message.origin.lang === this.lang && message.origin.seq <= this.seq;
    if (basis === this.basis && this.actor && (echo || sameJson(stateOf(this.actor), message.state))) return;
    const state = echo && this.actor ? stateOf(this.actor) : message.state;
    this.start(message, state, basis);
  }

  stop(): void {
    this.actor?.stop();
  }

  private start(message: ShowMessage, state: FunnelState, basis: string) {
    this.actor?.stop();
    const { flow } = message;
    const told = (name: string, input: EffectInput, outcome: string) =>
      this.post({ type: 'studio:effect', lang: this.lang, name, requests: input.requests, outcome });
    const machine = compileFlow(flow, { now: Date.now }).provide({ actors: fakeActors(flow, message.effects, told) });
    const context = { answers: state.answers, results: state.results, error: state.error, query: {}, meta: { route: flow.routes[0] }, locale: this.lang };
    // A step the flow no longer has (its file was edited) starts the funnel from its first step.
    const stepId = state.stepId in flow.steps ? state.stepId : flow.initial;
    const snapshot = machine.resolveState({ value: { [stateKey(stepId)]: 'idle' }, context });
    const actor = createActor(machine, { snapshot, input: {} });
    this.known = state;
    actor.subscribe((s) => {
      if (isBusy(s)) return;
      const now = stateOf(actor);
      if (sameJson(now, this.known)) return;
      this.known = now;
      this.seq += 1;
      this.post({ type: 'studio:state', lang: this.lang, seq: this.seq, state: now });
    });
    actor.start();
    this.actor = actor;
    this.basis = basis;
    this.started(actor, flow);
  }
}
