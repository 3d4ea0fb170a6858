// The funnels whose leads the API takes: a lead's consent names the flow and version it was sent from, checked against
// the flows the server knows (FLOWS_DIR, flows/ by default, expanded from their parts as the app gets them), so every lead
// records a real funnel, and a funnel made of JSON alone sends its leads through the spec's routes with no server change.
import type { Flow } from '../../engine/types.ts';
import { expandedFlows, flowNotices } from '../flow-files.ts';
import type { ValidationErrorBody } from '../validation.ts';
import { fieldError } from './field-error.ts';

/**
 * Each flow's id with its version, the routes its effects post to ("/leads/create"), and the consent notices each route
 * may carry: those the flow shows beside the button that sends it.
 */
export type LeadFlows = ReadonlyMap<string, { version: number; posts: ReadonlySet<string>; notices: ReadonlyMap<string, ReadonlySet<string>> }>;

const ofFolder = new Map<string, LeadFlows>();

/** What the lead routes need of flows, else of those of flowsDir (read once a process). */
export function leadFlows(flowsDir: string, flows?: readonly Flow[]): LeadFlows {
  if (!flows) {
    const known = ofFolder.get(flowsDir) ?? leadFlows(flowsDir, expandedFlows(flowsDir));
    ofFolder.set(flowsDir, known);
    return known;
  }
  return new Map(
    flows.map((flow) => [
      flow.id,
      {
        version: flow.version,
        posts: new Set(Object.values(flow.effects).flatMap((effect) => (effect.method === 'POST' ? [effect.path] : []))),
        notices: flowNotices(flow),
      },
    ]),
  );
}

/**
 * The 400 of a lead posted to path whose consent names no flow that posts its leads there, or a version of it not made
 * yet; undefined when the flow is right. An earlier version is taken: a visitor's outbox may send a lead of the flow
 * they walked after the flow changed.
 */
export function consentFlowError(flows: LeadFlows, path: string, consent: { flowId: string; flowVersion: number }): ValidationErrorBody | undefined {
  const flow = flows.get(consent.flowId);
  if (!flow) return fieldError('consent.flowId', `consent.flowId "${consent.flowId}" is not a funnel of this site`);
  if (!flow.posts.has(path)) return fieldError('consent.flowId', `consent.flowId "${consent.flowId}" does not send its leads to POST ${path}`);
  if (consent.flowVersion > flow.version) {
    return fieldError('consent.flowVersion', `consent.flowVersion ${consent.flowVersion} is later than ${consent.flowId}'s version ${flow.version}`);
  }
  return undefined;
}
