// Test helpers for flows: the funnels of flows/ as the app gets them (expanded from parts and variants), modified
// copies, and fake effect results.
import { join } from 'node:path';
import { evaluate, holds } from '../../engine/logic.ts';
import { dataOf } from '../../engine/machine.ts';
import { replayClock, type FakeEffect, type ReplayResult } from '../../engine/replay.ts';
import type { EffectRequest, Flow, FlowEvent } from '../../engine/types.ts';
import { expandedFlows } from '../../scripts/flow-files.ts';

const FLOWS_DIR = join(import.meta.dirname, '..', '..', 'flows');

let flows: Flow[] | undefined;

/** Every funnel of flows/, by id order; a copy each time, so a test may change it. */
export function allFlows(): Flow[] {
  flows ??= expandedFlows(FLOWS_DIR);
  return structuredClone(flows).sort((a, b) => a.id.localeCompare(b.id));
}

/** The funnel with this id. */
export function loadFlow(id: string): Flow {
  const flow = allFlows().find((f) => f.id === id);
  if (!flow) throw new Error(`no funnel "${id}" in flows/`);
  return flow;
}

export const answer = (values: Record<string, unknown>): FlowEvent => ({ type: 'ANSWER', values });
export const NEXT: FlowEvent = { type: 'NEXT' };
export const BACK: FlowEvent = { type: 'BACK' };

/** Effects that succeed the way the real API answers. */
export const okEffects: Record<string, FakeEffect> = {
  sendCode: () => ({ success: true }),
  verifyCode: () => ({ success: true }),
  saveConsent: () => ({ token: 't', tcpaMessage: 'm' }),
  createLead: () => ({ resultIds: [41], lead: { id: 41 } }),
  updateCallTime: () => ({ success: true }),
  updateLead: () => ({ success: true }),
};

export const failing = (code: string): FakeEffect => () => Promise.reject(Object.assign(new Error(code), { code }));

export const validContact = { name: 'Maria Lopez', email: 'maria@example.com', phone: '(202) 555-0123' };

/** The requests an effect made in a replay (one per run of it; `each` effects add one per item), in order. */
export function requestsOf(run: ReplayResult, effect: string): EffectRequest[] {
  return run.calls.filter((c) => c.name === effect).flatMap((c) => c.requests);
}

/** The first request an effect made in a replay; fails the test when it made none. */
export function requestOf(run: ReplayResult, effect: string): EffectRequest {
  const request = requestsOf(run, effect)[0];
  if (!request) throw new Error(`effect ${effect} made no request`);
  return request;
}

/** The widgets the final step of a replay shows (blocks whose `when` holds), and its Next button's copy key. */
export function screenOf(flow: Flow, run: ReplayResult): { widgets: string[]; next: unknown } {
  const step = flow.steps[run.step];
  if (!step) throw new Error(`no step ${run.step}`);
  const data = dataOf(flow, run.context, replayClock);
  return {
    widgets: step.blocks.filter((b) => b.when === undefined || holds(b.when, data, replayClock)).map((b) => b.widget),
    next: step.nav?.next === undefined ? undefined : evaluate(step.nav.next, data, replayClock),
  };
}

/** A place as the city search gives it. */
export const austin = { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701', lat: 30.27, lng: -97.74 };
/** A VIN whose check digit matches. */
export const goodVin = '1M8GDM9AXKP042788';
