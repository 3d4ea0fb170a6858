// Compiles a validated flow into an XState v5 machine: one state per step, effects as named invoked actors.
import { assign, fromPromise, setup, type AnyMachineSnapshot } from 'xstate';
import { evaluate, holds, render } from './logic.ts';
import { transitionList } from './transitions.ts';
import type { EffectInput, Flow, FlowContext, FlowError, FlowEvent, FlowInput } from './types.ts';

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';

/** The XState key of a step: "1.75" would read as a path, so dots become underscores. */
export const stateKey = (stepId: string) => `s${stepId.replace('.', '_')}`;

/** The data guards, computed values and templates read: the context, the flow's id and version, computed values. */
export function dataOf(flow: Flow, context: FlowContext) {
  const base = { ...context, flow: { id: flow.id, version: flow.version }, computed: {} as Record<string, unknown> };
  for (const [name, logic] of Object.entries(flow.computed ?? {})) base.computed[name] = evaluate(logic, base);
  return base;
}

/** The data with an effect's output merged into results, when the event is an effect finishing. */
function dataWithEvent(flow: Flow, context: FlowContext, event: { type: string; output?: unknown }) {
  if (!event.type.startsWith(DONE_PREFIX)) return dataOf(flow, context);
  const effect = event.type.slice(DONE_PREFIX.length);
  return dataOf(flow, { ...context, results: { ...context.results, [effect]: event.output } });
}

/** The answers a flow's prefill takes from the visit (a template giving null leaves the answer as it starts). */
function prefilled(flow: Flow, visit: Pick<FlowContext, 'query' | 'meta' | 'locale'>): Record<string, unknown> {
  const found = Object.entries(flow.prefill ?? {}).map(([field, template]) => [field, render(template, visit)] as const);
  return Object.fromEntries(found.filter(([field, value]) => field in flow.answers && value !== null && value !== undefined));
}

export function effectInput(flow: Flow, name: string, context: FlowContext): EffectInput {
  const spec = flow.effects[name];
  if (!spec) throw new Error(`flow ${flow.id} has no effect "${name}"`);
  const data = dataOf(flow, context);
  const items: unknown[] = spec.each === undefined ? [undefined] : [evaluate(spec.each, data) ?? []].flat();
  const requests = items.map((item) => {
    const itemData = spec.each === undefined ? data : { ...data, item };
    const strings = (template: Record<string, unknown> | undefined) =>
      Object.fromEntries(Object.entries(render(template ?? {}, itemData) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    return {
      method: spec.method,
      path: spec.path,
      query: strings(spec.query),
      headers: strings(spec.headers),
      body: spec.body === undefined ? undefined : render(spec.body, itemData),
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
const unprovided = (name: string) =>
  fromPromise<unknown, EffectInput>(() => Promise.reject(new Error(`effect "${name}" was not provided`)));

export function compileFlow(flow: Flow) {
  const initialAnswers = flow.answers;
  const target = (stepId: string) => `#${flow.id}.${stateKey(stepId)}`;
  const logicGuard = (expr: unknown) => ({ type: 'logic' as const, params: { expr } });

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
        busy[busyKey] = {
          tags: ['busy'],
          invoke: {
            id: effect,
            src: effect,
            input: ({ context }: { context: FlowContext }) => effectInput(flow, effect, context),
            onDone: [
              ...(t.then ?? []).map((th) => ({ guard: logicGuard(th.guard), target: target(th.target), actions: 'storeResult' })),
              { target: t.target ? target(t.target) : 'idle', actions: 'storeResult' },
            ],
            onError: { target: 'idle', actions: 'storeError' },
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
        id: effect,
        src: effect,
        input: ({ context }: { context: FlowContext }) => effectInput(flow, effect, context),
        onDone: { actions: 'storeResult' },
        onError: { actions: 'logError' },
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
      logic: ({ context, event }, params: { expr: unknown }) =>
        holds(params.expr, dataWithEvent(flow, context, event)),
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
        results: ({ context, event }) => {
          const e = event as { type: string; output?: unknown };
          return { ...context.results, [e.type.slice(DONE_PREFIX.length)]: e.output };
        },
      }),
      storeError: assign({
        error: ({ event }) => {
          const e = event as { type: string; error?: unknown };
          return errorOf(flow, e.type.slice(ERROR_PREFIX.length), e.error);
        },
      }),
      logError: ({ event }) => {
        const e = event as { type: string; error?: unknown };
        console.warn(`effect ${e.type.slice(ERROR_PREFIX.length)} failed`, e.error);
      },
    },
  }).createMachine({
    id: flow.id,
    initial: stateKey(flow.initial),
    context: ({ input }) => {
      const visit = { query: input?.query ?? {}, meta: input?.meta ?? {}, locale: input?.locale ?? 'en' };
      return { answers: { ...structuredClone(initialAnswers), ...prefilled(flow, visit) }, results: {}, ...visit, error: null };
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
