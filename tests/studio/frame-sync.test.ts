// A preview frame's funnel kept in step with the studio: it starts at the state it is shown, tells the studio its own
// moves (numbered), ignores the studio repeating them, restarts at a state another frame or the studio set, and runs
// the flow's effects as the fakes say (no request leaves).
import { waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { FrameSync, type FlowActor } from '../../studio/preview/frame-sync.ts';
import type { FakeEffect, FrameMessage, FunnelState, ShowMessage } from '../../studio/preview/messages.ts';

const flow: Flow = {
  id: 'test',
  version: 1,
  routes: ['/test'],
  namespace: 'test',
  initial: 'ask',
  answers: { ok: null },
  steps: {
    ask: { blocks: [{ widget: 'questions' }], on: { NEXT: { target: 'send', guard: { '!==': [{ var: 'answers.ok' }, null] } } } },
    send: { blocks: [{ widget: 'contact' }], on: { NEXT: { effect: 'sendCode', target: 'done' }, BACK: { target: 'ask' } } },
    done: { blocks: [{ widget: 'intro' }], final: true },
  },
  effects: { sendCode: { method: 'POST', path: '/user/mfa-sms-send', body: { ok: { var: 'answers.ok' } }, errors: { rate_limited: 'errors:WAIT' } } },
};

const state = (stepId: string, answers: Record<string, unknown> = { ok: null }): FunnelState => ({ stepId, answers, results: {}, error: null });
const show = (s: FunnelState, origin: ShowMessage['origin'] = 'studio', effects: Record<string, FakeEffect> = {}): ShowMessage => ({
  type: 'studio:show',
  flow,
  state: s,
  origin,
  effects,
  catalogue: {},
  restart: 0,
});

function frame() {
  const told: FrameMessage[] = [];
  const actors: FlowActor[] = [];
  const sync = new FrameSync(
    'es',
    (m) => told.push(m),
    (actor) => actors.push(actor),
  );
  const states = () => told.filter((m) => m.type === 'studio:state');
  return { sync, told, actors, states, actor: () => actors[actors.length - 1] as FlowActor };
}

describe('FrameSync', () => {
  it('starts at the state shown and tells the studio each of its own moves, numbered', () => {
    const f = frame();
    f.sync.show(show(state('ask')));
    expect(f.actor().getSnapshot().context.answers).toEqual({ ok: null });
    expect(f.told).toEqual([]);
    f.actor().send({ type: 'ANSWER', values: { ok: true } });
    f.actor().send({ type: 'NEXT' });
    expect(f.states()).toEqual([
      { type: 'studio:state', lang: 'es', seq: 1, state: state('ask', { ok: true }) },
      { type: 'studio:state', lang: 'es', seq: 2, state: state('send', { ok: true }) },
    ]);
    f.sync.stop();
  });

  it('keeps its funnel when the studio repeats its own move, and restarts at a state set elsewhere', () => {
    const f = frame();
    f.sync.show(show(state('ask')));
    f.actor().send({ type: 'ANSWER', values: { ok: true } });
    // The studio echoes move 1 after the frame has moved on: nothing changes.
    f.actor().send({ type: 'ANSWER', values: { ok: false } });
    f.sync.show(show(state('ask', { ok: true }), { lang: 'es', seq: 1 }));
    expect(f.actors).toHaveLength(1);
    expect(f.actor().getSnapshot().context.answers).toEqual({ ok: false });
    // The English frame moved on: this one follows.
    f.sync.show(show(state('send', { ok: true }), { lang: 'en', seq: 7 }));
    expect(f.actors).toHaveLength(2);
    expect(f.actor().getSnapshot().context.answers).toEqual({ ok: true });
    expect(f.states()).toHaveLength(2);
    f.sync.stop();
  });

  it('runs effects as fakes: told to the studio with their request, failing with the code set', async () => {
    const f = frame();
    f.sync.show(show(state('send', { ok: true }), 'studio', { sendCode: { fails: 'rate_limited', result: {} } }));
    f.actor().send({ type: 'NEXT' });
    await waitFor(f.actor(), (s) => s.context.error !== null);
    expect(f.told.find((m) => m.type === 'studio:effect')).toMatchObject({
      name: 'sendCode',
      outcome: 'fails: rate_limited',
      requests: [{ body: { ok: true } }],
    });
    expect(f.actor().getSnapshot().context.error).toMatchObject({ code: 'rate_limited', messageKey: 'errors:WAIT' });
    f.sync.show(show(state('send', { ok: true }), 'studio', { sendCode: { result: { success: true } } }));
    f.actor().send({ type: 'NEXT' });
    await waitFor(f.actor(), (s) => s.context.results.sendCode !== undefined);
    expect(f.states().at(-1)).toMatchObject({ state: { stepId: 'done', results: { sendCode: { success: true } } } });
    f.sync.stop();
  });
});
