// Test helpers for flows: the funnels of flows/ as the app gets them (expanded from parts and variants), modified
// copies, fake effect results, and the consent notices a page shows.
import { join } from 'node:path';
import { evaluate, holds } from '../../engine/logic.ts';
import { dataOf } from '../../engine/machine.ts';
import { replayClock, type FakeEffect, type ReplayResult } from '../../engine/replay.ts';
import type { EffectRequest, Flow, FlowEvent } from '../../engine/types.ts';
import { expandedFlows, flowFolders } from '../../server/flow-files.ts';
import { noticesByPath } from '../../engine/consent-notice.ts';
import { loadConsentCatalogue, shownWording, type ShownConsent } from '../../server/consent-text.ts';
import { declarations } from '../../widgets/declarations.ts';
import { shownText } from './lead-bodies.ts';

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

export const failing =
  (code: string): FakeEffect =>
  () =>
    Promise.reject(Object.assign(new Error(code), { code }));

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

/** A sponsor as a consent names it (as POST /api/leads/sponsors answers it). */
export interface NamedSponsor {
  id: string;
  name: string;
}

/** Sponsors the lead API could answer for a lead, for the notices that name who may call. */
export const acmeLaw: NamedSponsor = { id: 'acme-law', name: 'Acme Injury Law' };
export const backCare: NamedSponsor = { id: 'back-care', name: 'Back Care Chiropractic' };

/**
 * What a consent notice on screen does (widgets/consent/LegalNotice.tsx): the ANSWER of `notice` with its key, its words
 * as rendered (the catalogue's, tags stripped, the sponsors' names written in as a list of the language) and the
 * sponsors it names. Given before the Next whose button the notice speaks of (Send code, Submit, Request consultation).
 */
export function shown(key: string, sponsors: readonly NamedSponsor[] = [], locale = 'en'): FlowEvent {
  return answer({ notice: noticeOf(key, sponsors, locale) });
}

/** The `notice` answer a notice on screen writes: { key, text, sponsors } (shown's values). */
export function noticeOf(key: string, sponsors: readonly NamedSponsor[] = [], locale = 'en'): { key: string; text: string; sponsors: string[] } {
  return {
    key,
    text: shownText(
      key,
      locale,
      sponsors.map((sponsor) => sponsor.name),
    ),
    sponsors: sponsors.map((sponsor) => sponsor.id),
  };
}

/** The consent notices a flow shows (its steps' widgets' `notices`), in the order of its steps and blocks. */
export function noticesOf(flow: Flow): string[] {
  const keys = Object.values(flow.steps).flatMap((step) => step.blocks.flatMap((block) => declarations[block.widget]?.notices?.(block.props as never) ?? []));
  return [...new Set(keys)];
}

/** The three notices of a flow's sponsors' consent (the one beside the button that sends its lead). */
export function leadNotices(flow: Flow): { none: string; unavailable: string; calls: string } {
  const block = Object.values(flow.steps)
    .flatMap((step) => step.blocks)
    .find((b) => b.widget === 'sponsor-consent');
  if (!block) throw new Error(`${flow.id} shows no sponsor-consent`);
  return (block.props as { notices: { none: string; unavailable: string; calls: string } }).notices;
}

const consentCatalogue = loadConsentCatalogue(flowFolders().localesDir);

/** Whether a notice names the sponsors who may call ({{sponsors}} in its words). */
export const namesSponsors = (key: string): boolean => consentCatalogue.resolve(key, 'en')?.text.includes('{{sponsors}}') === true;

/**
 * The `notice` answers a flow's notices can write, as the page writes them: each notice with its words in locale, the
 * ones that name sponsors naming one (acmeLaw), the others none.
 */
export function noticeAnswers(flow: Flow, locale = 'en'): Record<string, unknown>[] {
  return noticesOf(flow).map((key) => noticeOf(key, namesSponsors(key) ? [acmeLaw] : [], locale));
}

/**
 * What the API says of the consent a request of flow carries (server/consent-text.ts's check, against the notices the
 * flow shows beside the button that sent it and these sponsors): undefined when it takes it, else its 400's message.
 */
export function consentRefusal(flow: Flow, request: EffectRequest, sponsors: readonly NamedSponsor[] = [acmeLaw, backCare]): string | undefined {
  const consent = (request.body as { consent?: ShownConsent } | undefined)?.consent;
  if (!consent) return 'no consent';
  const checked = shownWording(
    consentCatalogue,
    consent,
    noticesByPath(flow, declarations).get(request.path),
    sponsors.map((sponsor) => ({ ...sponsor, category: 'law-firm', services: [], dailyCap: 1, urlEnv: '', secretEnv: '', active: true })),
  );
  return 'sha256' in checked ? undefined : JSON.stringify(checked);
}
