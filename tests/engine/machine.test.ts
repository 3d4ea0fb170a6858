// The compiler on its own, feature by feature: each test a flow of a few lines, run through the machine it compiles to.
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { compileFlow, isBusy, stepOf } from '../../engine/machine.ts';
import { replay, type FakeEffect } from '../../engine/replay.ts';
import type { EffectInput, EffectSpec, Flow, FlowEvent, Step } from '../../engine/types.ts';

const NEXT: FlowEvent = { type: 'NEXT' };
const BACK: FlowEvent = { type: 'BACK' };
const answer = (values: Record<string, unknown>): FlowEvent => ({ type: 'ANSWER', values });
const failing =
  (code: string): FakeEffect =>
  () =>
    Promise.reject(Object.assign(new Error(`failed: ${code}`), { code }));

/** A flow of the given steps (each shows one intro block), starting at "a", with these answers and effects. */
function fixture(steps: Record<string, Omit<Step, 'blocks'>>, more: Partial<Flow> = {}): Flow {
  const withBlocks = Object.fromEntries(Object.entries(steps).map(([id, step]) => [id, { blocks: [{ widget: 'intro' }], ...step }]));
  return { id: 'fixture', version: 1, routes: ['/fixture'], namespace: 'fixture', initial: 'a', answers: {}, steps: withBlocks, effects: {}, ...more };
}

const post = (spec: Partial<EffectSpec> = {}): EffectSpec => ({ method: 'POST', path: '/things', ...spec });

describe('the compiled machine', () => {
  it('moves on an event to the target of the first transition whose guard holds', async () => {
    const flow = fixture(
      {
        a: {
          on: {
            NEXT: [
              { guard: { '==': [{ var: 'answers.kind' }, 'x'] }, target: 'x' },
              { guard: { var: 'answers.kind' }, target: 'other' },
            ],
          },
        },
        x: { final: true },
        other: { final: true, on: { BACK: { target: 'a' } } },
      },
      { answers: { kind: null } },
    );
    expect((await replay(flow, [NEXT])).steps).toEqual(['a']);
    expect((await replay(flow, [answer({ kind: 'x' }), NEXT])).step).toBe('x');
    expect((await replay(flow, [answer({ kind: 'y' }), NEXT, BACK])).steps).toEqual(['a', 'other', 'a']);
  });

  it('keeps only the answers the flow declares', async () => {
    const flow = fixture({ a: { final: true } }, { answers: { name: '' } });
    expect((await replay(flow, [answer({ name: 'Jo', admin: true })])).context.answers).toEqual({ name: 'Jo' });
  });

  it('starts with the answers prefilled from the visit, a null leaving the initial one', async () => {
    const flow = fixture({ a: { final: true } }, { answers: { zip: '', ref: 'none' }, prefill: { zip: { var: 'query.zip' }, ref: { var: 'meta.ref' } } });
    expect((await replay(flow, [], { input: { query: { zip: '78701' } } })).context.answers).toEqual({ zip: '78701', ref: 'none' });
  });

  it('clears the listed answers back to their initial values on a transition', async () => {
    const flow = fixture(
      { a: { on: { NEXT: { target: 'b' } } }, b: { final: true, on: { BACK: { target: 'a', clear: ['vin', 'tags'] } } } },
      { answers: { vin: '', tags: [], name: '' } },
    );
    const run = await replay(flow, [answer({ vin: '1M8', tags: ['x'], name: 'Jo' }), NEXT, BACK]);
    expect(run.step).toBe('a');
    expect(run.context.answers).toEqual({ vin: '', tags: [], name: 'Jo' });
  });

  it("runs a transition's effect, then goes to its target with the result stored by the effect's name", async () => {
    const flow = fixture({ a: { on: { NEXT: { effect: 'save', target: 'b' } } }, b: { final: true } }, { effects: { save: post() } });
    const run = await replay(flow, [NEXT], { effects: { save: () => ({ id: 7 }) } });
    expect(run.steps).toEqual(['a', 'b']);
    expect(run.context.results).toEqual({ save: { id: 7 } });
  });

  it("follows the first `then` whose guard holds on the effect's output, else the transition's target", async () => {
    const flow = fixture(
      {
        a: { on: { NEXT: { effect: 'check', target: 'ok', then: [{ guard: { var: 'results.check.blocked' }, target: 'blocked' }] } } },
        ok: { final: true },
        blocked: { final: true },
      },
      { effects: { check: post() } },
    );
    expect((await replay(flow, [NEXT], { effects: { check: () => ({ blocked: true }) } })).step).toBe('blocked');
    expect((await replay(flow, [NEXT], { effects: { check: () => ({ blocked: false }) } })).step).toBe('ok');
  });

  it('stays on the step after an effect without a target', async () => {
    const flow = fixture({ a: { final: true, on: { NEXT: { effect: 'save' } } } }, { effects: { save: post() } });
    const run = await replay(flow, [NEXT, NEXT], { effects: { save: () => 'done' } });
    expect(run.steps).toEqual(['a']);
    expect(run.calls).toHaveLength(2);
  });

  it("shows a failed effect's error by its code, back on the step, until the next answer", async () => {
    const errors = { RATE_LIMITED: 'errors:slow_down', default: 'errors:oops' };
    const steps = { a: { on: { NEXT: { effect: 'save', target: 'b' } } }, b: { final: true } };
    const flow = fixture(steps, { answers: { n: 0 }, effects: { save: post({ errors }) } });
    const limited = await replay(flow, [NEXT], { effects: { save: failing('RATE_LIMITED') } });
    expect(limited.step).toBe('a');
    expect(limited.context.error).toMatchObject({ effect: 'save', code: 'RATE_LIMITED', messageKey: 'errors:slow_down', detail: 'failed: RATE_LIMITED' });
    expect((await replay(flow, [NEXT], { effects: { save: failing('BAD') } })).context.error?.messageKey).toBe('errors:oops');
    expect((await replay(flow, [NEXT, answer({ n: 1 })], { effects: { save: failing('BAD') } })).context.error).toBeNull();
  });

  it("makes an `each` effect's request once per item, the item readable in its templates", async () => {
    const flow = fixture(
      { a: { final: true, on: { NEXT: { effect: 'update' } } } },
      {
        answers: { note: 'hi', ids: [41, 42] },
        effects: { update: post({ method: 'PUT', each: { var: 'answers.ids' }, body: { id: { var: 'item' }, note: { var: 'answers.note' } } }) },
      },
    );
    const [call] = (await replay(flow, [NEXT])).calls;
    expect(call?.each).toBe(true);
    expect(call?.requests.map((r) => r.body)).toEqual([
      { id: 41, note: 'hi' },
      { id: 42, note: 'hi' },
    ]);
  });

  it("runs a step's entry effects when the step is entered and stores what they return", async () => {
    const flow = fixture({ a: { on: { NEXT: { target: 'b' } } }, b: { final: true, entry: ['load'] } }, { effects: { load: post({ method: 'GET' }) } });
    const run = await replay(flow, [NEXT], { effects: { load: () => ['row'] } });
    expect(run.calls.map((c) => c.name)).toEqual(['load']);
    expect(run.context.results).toEqual({ load: ['row'] });
  });

  it('logs an entry effect that fails, and neither moves nor shows an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const flow = fixture({ a: { entry: ['load'], on: { NEXT: { target: 'b' } } }, b: { final: true } }, { effects: { load: post({ method: 'GET' }) } });
    const run = await replay(flow, [], { effects: { load: failing('DOWN') } });
    expect(run.steps).toEqual(['a']);
    expect(run.context).toMatchObject({ error: null, results: {} });
    expect(warn).toHaveBeenCalledWith('effect load failed', expect.objectContaining({ code: 'DOWN' }));
    expect((await replay(flow, [NEXT], { effects: { load: failing('DOWN') } })).step).toBe('b');
    warn.mockRestore();
  });

  it('is busy while an effect runs, and takes no event then', async () => {
    const flow = fixture({ a: { on: { NEXT: { effect: 'save', target: 'b' } } }, b: { final: true } }, { effects: { save: post() } });
    let finish: (value: unknown) => void = () => undefined;
    const save = fromPromise<unknown, EffectInput>(() => new Promise((resolve) => (finish = resolve)));
    const actor = createActor(compileFlow(flow, { now: Date.now }).provide({ actors: { save } }), { input: {} }).start();
    actor.send(NEXT);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can(NEXT)).toBe(false);
    finish({ id: 1 });
    await waitFor(actor, (s) => !isBusy(s));
    expect(stepOf(actor.getSnapshot())).toBe('b');
    actor.stop();
  });

  it('fails an effect the app did not provide, loudly', async () => {
    const flow = fixture({ a: { on: { NEXT: { effect: 'save', target: 'b' } } }, b: { final: true } }, { effects: { save: post() } });
    const actor = createActor(compileFlow(flow, { now: Date.now }), { input: {} }).start();
    actor.send(NEXT);
    const snapshot = await waitFor(actor, (s) => !isBusy(s));
    expect(snapshot.context.error).toMatchObject({ effect: 'save', code: 'network', detail: 'effect "save" was not provided' });
    actor.stop();
  });

  it('reads dates in guards against the clock it was compiled with', async () => {
    const pastDate = { valid: ['pastDate', { var: 'answers.date' }] };
    const flow = fixture({ a: { on: { NEXT: { guard: pastDate, target: 'b' } } }, b: { final: true } }, { answers: { date: '' } });
    const events = [answer({ date: '2026-06-02' }), NEXT];
    expect((await replay(flow, events, { now: () => new Date(2026, 5, 1, 12).getTime() })).step).toBe('a');
    expect((await replay(flow, events, { now: () => new Date(2026, 5, 2, 12).getTime() })).step).toBe('b');
  });
});
