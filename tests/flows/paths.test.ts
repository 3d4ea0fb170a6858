import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { operationsIn, varPath } from '../../engine/logic.ts';
import { compileFlow } from '../../engine/machine.ts';
import type { Flow, FlowContext } from '../../engine/types.ts';
import { allFlows, validContact } from '../testing/flows.ts';

type Event = { type: string; values?: Record<string, unknown>; output?: unknown; error?: unknown };

/** A small answer domain per field: every choice a person can make, plus an unanswered/empty value. */
function answerEvents(flow: Flow, fields: string[]): Event[] {
  const samples: Record<string, unknown[]> = {
    name: [validContact.name],
    email: [validContact.email],
    phone: [validContact.phone],
    code: ['1234'],
  };
  return fields.flatMap((field) => {
    const initial = flow.answers[field];
    const values = samples[field] ?? (initial === null ? [true, false] : typeof initial === 'number' ? [0, 2] : []);
    return values.map((value) => ({ type: 'ANSWER', values: { [field]: value } }));
  });
}

/** The answers that transition guards read: the only ones that change where a person can go. */
function steeringFields(flow: Flow): string[] {
  const fields = new Set<string>();
  for (const step of Object.values(flow.steps)) {
    for (const { op, args } of operationsIn(step.on ?? {})) {
      const path = varPath(args);
      if (op === 'var' && path?.startsWith('answers.')) fields.add(path.slice('answers.'.length));
    }
  }
  return [...fields];
}

/** Finishing events for each effect: success (for sendCode also the test phone's "verified"), and failure. */
function effectEvents(flow: Flow): Event[] {
  return Object.keys(flow.effects).flatMap((name) => [
    { type: `xstate.done.actor.${name}`, output: { success: true, resultIds: [1] } },
    ...(name === 'sendCode' ? [{ type: `xstate.done.actor.${name}`, output: { success: true, verified: true } }] : []),
    { type: `xstate.error.actor.${name}`, error: { code: 'network' } },
  ]);
}

const isVerification = (e: Event) =>
  e.type === 'xstate.done.actor.verifyCode' || (e.type === 'xstate.done.actor.sendCode' && (e.output as { verified?: boolean }).verified === true);

/** Every reachable snapshot, as the end of its shortest path, optionally without verification events. */
function reachable(flow: Flow, withVerification: boolean) {
  const steering = steeringFields(flow);
  const events = [{ type: 'NEXT' }, { type: 'BACK' }, ...answerEvents(flow, steering), ...effectEvents(flow)];
  return getShortestPaths(compileFlow(flow), {
    events: events as never,
    filterEvents: (_s, e) => withVerification || !isVerification(e as Event),
    // Two snapshots are the same when the step, the answers that steer the flow and the effects done are the same.
    serializeState: (s) => {
      const c = s.context;
      return JSON.stringify([s.value, steering.map((f) => c.answers[f]), Object.keys(c.results).sort()]);
    },
  });
}

describe.each(allFlows().map((flow) => [flow.id, flow] as const))('every path of %s', (_id, flow) => {
  it('that creates a lead verifies the phone first', () => {
    const creates = (p: { state: { context: unknown } }) => 'createLead' in (p.state.context as FlowContext).results;
    // With verification the flow can create a lead (so this test can fail)...
    expect(reachable(flow, true).some(creates)).toBe(true);
    // ...and with every verification event removed, no reachable state has created one.
    expect(reachable(flow, false).filter(creates)).toEqual([]);
  });
});

it('catches a flow that creates a lead without verifying the phone', () => {
  const flow = structuredClone(allFlows()[0]!);
  const contact = Object.values(flow.steps).find((s) => s.blocks.some((b) => b.props?.stage === 'details'))!;
  contact.on!.NEXT = { target: Object.keys(flow.steps).find((id) => JSON.stringify(flow.steps[id]).includes('"createLead"'))! };
  expect(reachable(flow, false).some((p) => 'createLead' in p.state.context.results)).toBe(true);
});
