// Compiles a validated flow into an XState v5 machine: one state per step, effects as named invoked actors.
import { assign, fromPromise, setup, type AnyMachineSnapshot, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { evaluate, holds, render } from './logic.ts';
import { transitionList } from './transitions.ts';
import type { Clock, EffectInput, Flow, FlowContext, FlowError, FlowEvent, FlowInput } from './types.ts';

/** The XState key of a step: "1.75" would read as a path, so dots become underscores. */
export const stateKey = (stepId: string) => `s${stepId.replace('.', '_')}`;

/**
 * The data guards, computed values and templates read: the context, the flow's id, version and the visit's arm of its
 * experiment ('' without one), computed values.
 */
export function dataOf(flow: Flow, context: FlowContext, now: Clock) {
  const flowData = { id: flow.id, version: flow.version, variant: context.meta.variant ?? '' };
  const base = { ...context, flow: flowData, computed: {} as Record<string, unknown> };
  for (const [name, logic] of Object.entries(flow.computed ?? {})) base.computed[name] = evaluate(logic, base, now);
  return base;
}

/** The answers a flow's prefill takes from the visit (a template giving null leaves the answer as it starts). */
function prefilled(flow: Flow, visit: Pick<FlowContext, 'query' | 'meta' | 'locale'>, now: Clock): Record<string, unknown> {
  const found = Object.entries(flow.prefill ?? {}).map(([field, template]) => [field, render(template, visit, now)] as const);
  return Object.fromEntries(found.filter(([field, value]) => field in flow.answers && value !== null && value !== undefined));
}

export function effectInput(flow: Flow, name: string, context: FlowContext, now: Clock): EffectInput {
  const spec = flow.effects[name];
  if (!spec) throw new Error(`flow ${flow.id} has no effect "${name}"`);
  const data = dataOf(flow, context, now);
  const items: unknown[] = spec.each === undefined ? [undefined] : [evaluate(spec.each, data, now) ?? []].flat();
  const requests = items.map((item) => {
    const itemData = spec.each === undefined ? data : { ...data, item };
    const strings = (template: Record<string, unknown> | undefined) =>
      Object.fromEntries(Object.entries(render(template ?? {}, itemData, now) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    return {
      method: spec.method,
      path: spec.path,
      query: strings(spec.query),
      headers: strings(spec.headers),
      body: spec.body === undefined ? undefined : render(spec.body, itemData, now),
      outbox: spec.outbox ?? false,
    };
  });
  return { name, flowId: flow.id, flowVersion: flow.version, requests, each: spec.each !== undefined, context };
}

function errorOf(flow: Flow, effect: string, error: unknown): FlowError {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; retryAfter?: unknown; redirect?: unknown };
  const code = typeof e.code === 'string' ? e.code : 'network';
  const errors = flow.effects[effect]?.errors ?? {};
  return {
    effect,
    code,
    messageKey: errors[code] ?? errors.default ?? 'errors:NETWORK_ERROR_TEXT',
    detail: typeof e.message === 'string' ? e.message : undefined,
    waitSeconds: typeof e.retryAfter === 'number' ? e.retryAfter : undefined,
    redirect: typeof e.redirect === 'string' ? e.redirect : undefined,
  };
}

/** An effect the app did not provide: fails loudly, so a missing provide is never silent. */
const unprovided = (name: string) => fromPromise<unknown, EffectInput>(() => Promise.reject(new Error(`effect "${name}" was not provided`)));

export interface CompileOptions {
  /** The clock the flow's rules read (pastDate, vehicleYear): Date.now in the app, a fixed instant in tests. */
  now: Clock;
}

/** Which effect an action or guard after an invoked effect is about: XState's own params, named where the flow is compiled. */
interface EffectParams {
  effect: string;
}

export function compileFlow(flow: Flow, { now }: CompileOptions) {
  const initialAnswers = flow.answers;
  const target = (stepId: string) => `#${flow.id}.${stateKey(stepId)}`;
  /** A flow guard; after an effect it names the effect, whose output it reads as results.<effect>. */
  const logicGuard = (expr: unknown, effect?: string) => ({ type: 'logic' as const, params: { expr, effect } });
  const withEffect = (type: string, effect: string) => ({ type, params: { effect } satisfies EffectParams });
  const invokeEffect = (effect: string) => ({
    id: effect,
    src: effect,
    input: ({ context }: { context: FlowContext }) => effectInput(flow, effect, context, now),
  });

  const states: Record<string, object> = {};
  for (const [stepId, step] of Object.entries(flow.steps)) {
    const idleOn: Record<string, object[]> = {};
    const busy: Record<string, object> = {};
    for (const [eventType, spec] of Object.entries(step.on ?? {})) {
      idleOn[eventType] = transitionList(spec).map((t, i) => {
        const actions = [
          ...(eventType === 'ANSWER' ? ['recordAnswers'] : []),
          'clearError',
          ...(t.clear ? [{ type: 'clear', params: { fields: t.clear } }] : []),
        ];
        const guard = t.guard === undefined ? undefined : logicGuard(t.guard);
        if (!t.effect) return { guard, target: t.target ? target(t.target) : undefined, actions };
        const busyKey = `${eventType}_${i}`;
        const effect = t.effect;
        const storeResult = withEffect('storeResult', effect);
        busy[busyKey] = {
          tags: ['busy'],
          invoke: {
            ...invokeEffect(effect),
            onDone: [
              ...(t.then ?? []).map((th) => ({ guard: logicGuard(th.guard, effect), target: target(th.target), actions: storeResult })),
              { target: t.target ? target(t.target) : 'idle', actions: storeResult },
            ],
            onError: { target: 'idle', actions: withEffect('storeError', effect) },
          },
        };
        return { guard, target: busyKey, actions };
      });
    }
    states[stateKey(stepId)] = {
      meta: { stepId },
      initial: 'idle',
      states: { idle: { on: idleOn }, ...busy },
      invoke: (step.entry ?? []).map((effect) => ({
        ...invokeEffect(effect),
        onDone: { actions: withEffect('storeResult', effect) },
        onError: { actions: withEffect('logError', effect) },
      })),
    };
  }

  return setup({
    types: {
      context: {} as FlowContext,
      events: {} as FlowEvent,
      // XState's way of declaring the input type (the lint rule cannot see the type is only declared here).
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      input: {} as FlowInput,
    },
    actors: Object.fromEntries(Object.keys(flow.effects).map((name) => [name, unprovided(name)])),
    guards: {
      // Invoked effects' done events are not among the flow's events, hence the cast to XState's DoneActorEvent.
      logic: ({ context, event }, { expr, effect }: { expr: unknown; effect?: string }) => {
        const results = effect === undefined ? context.results : { ...context.results, [effect]: (event as unknown as DoneActorEvent).output };
        return holds(expr, dataOf(flow, { ...context, results }, now), now);
      },
    },
    actions: {
      recordAnswers: assign({
        answers: ({ context, event }) => {
          if (event.type !== 'ANSWER') return context.answers;
          const declared = Object.entries(event.values).filter(([k]) => k in initialAnswers);
          return { ...context.answers, ...Object.fromEntries(declared) };
        },
      }),
      clear: assign({
        answers: ({ context }, params: { fields: string[] }) => ({
          ...context.answers,
          ...Object.fromEntries(params.fields.map((f) => [f, structuredClone(initialAnswers[f])])),
        }),
      }),
      clearError: assign({ error: null }),
      storeResult: assign({
        results: ({ context, event }, { effect }: EffectParams) => ({ ...context.results, [effect]: (event as unknown as DoneActorEvent).output }),
      }),
      storeError: assign({
        error: ({ event }, { effect }: EffectParams) => errorOf(flow, effect, (event as unknown as ErrorActorEvent).error),
      }),
      logError: ({ event }, { effect }: EffectParams) => {
        console.warn(`effect ${effect} failed`, (event as unknown as ErrorActorEvent).error);
      },
    },
  }).createMachine({
    id: flow.id,
    initial: stateKey(flow.initial),
    context: ({ input }) => {
      const visit = { query: input?.query ?? {}, meta: input?.meta ?? {}, locale: input?.locale ?? 'en' };
      return { answers: { ...structuredClone(initialAnswers), ...prefilled(flow, visit, now) }, results: {}, ...visit, error: null };
    },
    on: {
      ANSWER: { actions: ['recordAnswers', 'clearError'] },
      SET_LOCALE: { actions: assign({ locale: ({ event }) => event.locale }) },
    },
    states,
  });
}

export type FlowMachine = ReturnType<typeof compileFlow>;

/** The flow step id a snapshot is in. */
export function stepOf(snapshot: AnyMachineSnapshot): string {
  const value = snapshot.value as Record<string, unknown>;
  const key = Object.keys(value)[0] as string;
  const meta = snapshot.machine.getStateNodeById(`${snapshot.machine.id}.${key}`).meta as { stepId: string };
  return meta.stepId;
}

export const isBusy = (snapshot: AnyMachineSnapshot) => snapshot.hasTag('busy');
