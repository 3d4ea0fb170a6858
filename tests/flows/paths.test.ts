import { describe, expect, it } from 'vitest';
import { operationsIn, varPath } from '../../engine/logic.ts';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { compileFlow, stepOf } from '../../engine/machine.ts';
import { replayClock } from '../../engine/replay.ts';
import type { Flow, FlowContext } from '../../engine/types.ts';
import { allFlows, noticeAnswers, noticesOf, validContact } from '../testing/flows.ts';

type Event = { type: string; values?: Record<string, unknown>; output?: unknown; error?: unknown };

/**
 * Answers given together, as a person fills a form: valid contact details, a code, an accident located each way, a
 * story, a service chosen (nothing is chosen for the person).
 */
const BUNDLES: Record<string, unknown>[] = [
  validContact,
  { code: '1234' },
  { locateBy: 'vin', vin: '1M8GDM9AXKP042788', date: '2026-01-05', place: { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701' } },
  { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-01-05' },
  { locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-01-05', place: { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701' } },
  { accidentReason: 'A car ran the red light and hit my door.' },
  { leadTypes: { __CALawyer: 'AM' } },
];

/**
 * A small answer domain: every choice a person can make on the other fields, plus an unanswered/empty value; for the
 * notice, each notice of the flow as the page writes it (a step gives only its own: see reachable).
 */
function answerEvents(flow: Flow, fields: string[]): Event[] {
  const bundled = new Set(BUNDLES.flatMap((b) => Object.keys(b)));
  const bundles = BUNDLES.map((b) => Object.fromEntries(Object.entries(b).filter(([k]) => k in flow.answers)))
    .filter((b) => Object.keys(b).some((k) => fields.includes(k)))
    .map((values) => ({ type: 'ANSWER', values }));
  const single = fields
    .filter((field) => !bundled.has(field))
    .flatMap((field): Event[] => {
      const initial = flow.answers[field];
      const values: unknown[] =
        field === 'notice' ? noticeAnswers(flow) : initial === null || typeof initial === 'boolean' ? [true, false] : typeof initial === 'number' ? [0, 2] : [];
      return values.map((value) => ({ type: 'ANSWER', values: { [field]: value } }));
    });
  return [...bundles, ...single];
}

/** The answers each step's transitions read: the only ones that change where a person can go from that step. */
function steeringFieldsByStep(flow: Flow): Map<string, Set<string>> {
  const byStep = new Map<string, Set<string>>();
  for (const [id, step] of Object.entries(flow.steps)) {
    const fields = new Set<string>();
    for (const { op, args } of operationsIn(step.on ?? {})) {
      const path = varPath(args);
      if (op === 'var' && path?.startsWith('answers.')) fields.add(path.slice('answers.'.length).split('.')[0] as string);
    }
    byStep.set(id, fields);
  }
  return byStep;
}

/** Finishing events for each effect: success (for sendCode also the test phone's "verified"), and failure. */
function effectEvents(flow: Flow): Event[] {
  return Object.keys(flow.effects).flatMap((name) => [
    { type: `xstate.done.actor.${name}`, output: { success: true, resultIds: [1] } },
    ...(name === 'sendCode' ? [{ type: `xstate.done.actor.${name}`, output: { success: true, verified: true } }] : []),
    { type: `xstate.error.actor.${name}`, error: { code: 'network' } },
  ]);
}

/**
 * The events that verify the phone: the code checked, the test phone's send, and the code step's linkConfirmed answer,
 * which the page writes only once the API says the link of the code's text was opened (it verified the phone then).
 */
const isVerification = (e: Event) =>
  e.type === 'xstate.done.actor.verifyCode' ||
  (e.type === 'xstate.done.actor.sendCode' && (e.output as { verified?: boolean }).verified === true) ||
  (e.type === 'ANSWER' && e.values?.linkConfirmed === true);

/**
 * Searches every snapshot reachable from the start (breadth first, each distinct snapshot once), optionally without
 * verification events, until one satisfies `found`; that snapshot, or undefined once none left does. (xstate/graph's
 * getShortestPaths answered the same question with every path kept: 195 s for the lead funnels on a busy machine.)
 */
function findReachable(flow: Flow, withVerification: boolean, found: (s: AnyMachineSnapshot) => boolean): AnyMachineSnapshot | undefined {
  const byStep = steeringFieldsByStep(flow);
  const steering = [...new Set([...byStep.values()].flatMap((fields) => [...fields]))];
  const events = [{ type: 'NEXT' }, { type: 'BACK' }, ...answerEvents(flow, steering), ...effectEvents(flow)];
  // A person answers on the step that asks: an answer is tried only where the step's transitions read it, and a notice
  // only on a step that shows it.
  const shows = new Map(Object.entries(flow.steps).map(([id, step]) => [id, new Set(noticesOf({ ...flow, steps: { [id]: step } }))]));
  const asked = (s: AnyMachineSnapshot, e: Event) => {
    if (e.type !== 'ANSWER') return true;
    const notice = e.values?.notice as { key?: string } | undefined;
    if (notice && !shows.get(stepOf(s))?.has(notice.key ?? '')) return false;
    return Object.keys(e.values ?? {}).some((f) => byStep.get(stepOf(s))?.has(f));
  };
  // Two snapshots are the same when the step, the answers that steer the flow and the effects done are the same.
  const key = (s: AnyMachineSnapshot) => {
    const c = s.context as FlowContext;
    return JSON.stringify([s.value, steering.map((f) => c.answers[f]), Object.keys(c.results).sort()]);
  };
  const machine = compileFlow(flow, { now: replayClock });
  const [initial] = initialTransition(machine, {});
  const seen = new Set([key(initial)]);
  const queue: AnyMachineSnapshot[] = [initial];
  for (let s = queue.shift(); s; s = queue.shift()) {
    if (found(s)) return s;
    for (const e of events) {
      if (!asked(s, e) || (!withVerification && isVerification(e))) continue;
      const [next] = transition(machine, s, e as never);
      const nextKey = key(next);
      if (!seen.has(nextKey)) {
        seen.add(nextKey);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const createsLead = (s: AnyMachineSnapshot) => 'createLead' in (s.context as FlowContext).results;

// Flows that create a lead.
const leadFlows = allFlows().filter((flow) => 'createLead' in flow.effects);

describe.each(leadFlows.map((flow) => [flow.id, flow] as const))('every path of %s', (_id, flow) => {
  it('that creates a lead verifies the phone first', () => {
    // With verification the flow can create a lead (so this test can fail)...
    expect(findReachable(flow, true, createsLead)).toBeDefined();
    // ...and with every verification event removed, no reachable state has created one.
    expect(findReachable(flow, false, createsLead)).toBeUndefined();
  }, 180_000);
});

it('catches a flow that creates a lead without verifying the phone', () => {
  const flow = structuredClone(leadFlows[0]!);
  const contact = Object.values(flow.steps).find((s) => s.blocks.some((b) => b.props?.stage === 'details'))!;
  contact.on!.NEXT = { target: Object.keys(flow.steps).find((id) => JSON.stringify(flow.steps[id]).includes('"createLead"'))! };
  expect(findReachable(flow, false, createsLead)).toBeDefined();
});
