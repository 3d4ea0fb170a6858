// Test helpers for flows: load them from flows/, build modified copies, and fake effect results.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeEffect } from '../../engine/replay.ts';
import type { Flow, FlowEvent } from '../../engine/types.ts';

const FLOWS_DIR = join(import.meta.dirname, '..', '..', 'flows');

export function loadFlow(file: string): Flow {
  return JSON.parse(readFileSync(join(FLOWS_DIR, `${file}.json`), 'utf8')) as Flow;
}

export function allFlows(): Flow[] {
  return readdirSync(FLOWS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => loadFlow(f.replace(/\.json$/, '')));
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
};

export const failing = (code: string): FakeEffect => () => Promise.reject(Object.assign(new Error(code), { code }));

export const validContact = { name: 'Maria Lopez', email: 'maria@example.com', phone: '(202) 555-0123' };
