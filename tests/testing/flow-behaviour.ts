// What a funnel does, written down so that two versions of its flow can be compared: seeded random walks through its
// machine with the steps and screens shown, whether Next may be pressed, and every request made, byte for byte (screens
// and answers with their keys sorted: a flow made of parts may list props and answers in another order).
import { createHash } from 'node:crypto';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { evaluate, holds } from '../../engine/logic.ts';
import { compileFlow, dataOf, effectInput, isBusy, stepOf } from '../../engine/machine.ts';
import { replayClock } from '../../engine/replay.ts';
import { transitionList } from '../../engine/transitions.ts';
import type { Flow, FlowContext, FlowInput } from '../../engine/types.ts';
import { declarations } from '../../widgets/declarations.ts';
import { austin, goodVin, noticeAnswers, validContact } from './flows.ts';

type Event = { type: string; values?: Record<string, unknown>; output?: unknown; error?: unknown };

/** Answers a person gives together (a form filled one way), each taken where the flow declares all of its fields. */
const BUNDLES: Record<string, unknown>[] = [
  validContact,
  { name: 'Maria', email: 'maria@', phone: '123' },
  { code: '1234' },
  { code: '12' },
  { locateBy: 'vin', vin: goodVin, date: '2026-01-05', place: austin },
  { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-01-05', place: null },
  { locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-01-05', place: austin, vin: '1HG' },
  { locateBy: 'case', caseID: ' ', date: '2027-01-05', place: austin },
  { damage: 'Other', date: '2026-02-03', place: austin },
  { damage: 'Broken Bones', date: '', place: null },
  { legalConsult: true, noLawyer: true, injured: true },
  { search: { vin: goodVin } },
  { search: { lat: 30.27, lng: -97.74, radius: 5, from: '2026-01-01', make: 'FORD', year: 2019, yearMatch: 'approx' } },
];
/** Values of single fields: both answers of a question, both ends of a slider, a choice and none. */
const SINGLE: Record<string, unknown[]> = {
  accidentReason: ['A car ran the red light.', ''],
  preferredCallTime: ['1pm - 2pm', 'Call ASAP', ''],
  leadTypes: [{}, { __CALawyer: 'AM', dValue: 'PM' }, { notInterested: true }],
  declineReason: ['hasLawyer', 'noCall', null],
};

function samples(field: string, initial: unknown): unknown[] {
  if (field in SINGLE) return SINGLE[field] as unknown[];
  if (initial === null || typeof initial === 'boolean') return [true, false, null];
  if (typeof initial === 'number') return [0, 2, 1];
  return [];
}

/**
 * The notice a step's widgets write: each notice the flow shows, as the page writes it in the visit's language (those
 * naming who may call naming one sponsor), and none, which the sponsors' consent writes while it asks who may call.
 */
const noticeSamples = (flow: Flow, locale: string): unknown[] => [...noticeAnswers(flow, locale), null];

function answerEvents(flow: Flow, locale: string, only?: Set<string>): Event[] {
  const own = BUNDLES.filter((b) => Object.keys(b).every((k) => k in flow.answers));
  const bundles = own.map((values) => ({ type: 'ANSWER', values }));
  const bundled = new Set(own.flatMap((b) => Object.keys(b)));
  const single = Object.entries(flow.answers)
    .filter(([field]) => !bundled.has(field) || field in SINGLE)
    .flatMap(([field, initial]) =>
      (field === 'notice' ? noticeSamples(flow, locale) : samples(field, initial)).map((value) => ({ type: 'ANSWER', values: { [field]: value } })),
    );
  return [...bundles, ...single].filter((e) => !only || Object.keys(e.values).some((f) => only.has(f)));
}

const OUTPUTS: Record<string, unknown[]> = {
  sendCode: [{ success: true }, { success: true, verified: true }],
  createLead: [
    { resultIds: [41, 42], lead: { id: 41, leadTypeWindows: { __CALawyer: 'AM' } }, alert: { id: 'a1', onFile: [{ id: 'r1', path: '/accident/r1' }] } },
  ],
  updateCallTime: [{ success: true, window: { start: '13:00', end: '14:00' } }],
  searchReports: [
    { count: 0, results: [] },
    { count: 2, results: [] },
  ],
};

function effectEvents(flow: Flow): Event[] {
  return Object.keys(flow.effects).flatMap((name) => [
    ...(OUTPUTS[name] ?? [{ success: true }]).map((output) => ({ type: `xstate.done.actor.${name}`, output })),
    { type: `xstate.error.actor.${name}`, error: { code: 'network' } },
    { type: `xstate.error.actor.${name}`, error: { code: 'code_expired', message: 'expired' } },
  ]);
}

/** The effects a snapshot is running: its step's entry effects and the one a transition started (its busy state). */
function runningEffects(flow: Flow, snapshot: AnyMachineSnapshot): string[] {
  const step = flow.steps[stepOf(snapshot)];
  const sub = Object.values(snapshot.value as Record<string, string>)[0] ?? 'idle';
  const busy = /^([A-Z]+)_(\d+)$/.exec(sub);
  const started = busy ? transitionList(step?.on?.[busy[1] as 'NEXT'])[Number(busy[2])]?.effect : undefined;
  return [...(step?.entry ?? []), ...(started ? [started] : [])];
}

const effectOf = (e: Event) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1];

/**
 * What a person can do in a snapshot: an effect's answer while it runs; else Next, Back and the answers the step asks
 * (a notice only as one of the step's widgets writes it: one of their notices, or none while the sponsors are asked).
 */
function enabled(
  flow: Flow,
  snapshot: AnyMachineSnapshot,
  events: Event[],
  asked: Map<string, Set<string>>,
  notices: Map<string, Set<string | null>>,
): Event[] {
  const running = runningEffects(flow, snapshot);
  if (isBusy(snapshot)) return events.filter((e) => effectOf(e) !== undefined && running.includes(effectOf(e)!));
  const step = stepOf(snapshot);
  return events.filter((e) => {
    const effect = effectOf(e);
    if (effect !== undefined) return running.includes(effect);
    if (e.type !== 'ANSWER') return true;
    if (e.values && 'notice' in e.values && !notices.get(step)?.has((e.values.notice as { key: string } | null)?.key ?? null)) return false;
    return Object.keys(e.values ?? {}).some((f) => asked.get(step)?.has(f));
  });
}

/** The notices a step's widgets write: the keys of those it shows, and none where a sponsors' consent asks who may call. */
function stepNotices(flow: Flow, stepId: string): Set<string | null> {
  const keys = new Set<string | null>();
  for (const block of flow.steps[stepId]?.blocks ?? []) {
    for (const key of declarations[block.widget]?.notices?.(block.props as never) ?? []) keys.add(key);
    if (block.widget === 'sponsor-consent') keys.add(null);
  }
  return keys;
}

/** Answer fields a step's widgets write (named in their props, or always theirs), so a person answers them there. */
function askedFields(flow: Flow, stepId: string): Set<string> {
  const fields = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string' && value in flow.answers) fields.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const block of flow.steps[stepId]?.blocks ?? []) {
    walk(block.props);
    if ((declarations[block.widget]?.notices?.(block.props as never) ?? []).length > 0) fields.add('notice');
    if (block.widget === 'contact') ['name', 'email', 'phone', 'code'].forEach((f) => fields.add(f));
    if (block.widget === 'locate' || block.widget === 'report-search')
      ['locateBy', 'vin', 'caseID', 'date', 'place', 'location', 'vehicleMake', 'vehicleYear', 'search'].forEach((f) => fields.add(f));
  }
  return fields;
}

/** JSON with every object's keys in order: where order means nothing (props, answers), so only content counts. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** A step's screen: heading, progress, buttons and the blocks shown with their props. */
function screen(flow: Flow, snapshot: AnyMachineSnapshot): string {
  const step = flow.steps[stepOf(snapshot)]!;
  const data = dataOf(flow, snapshot.context as FlowContext, replayClock);
  return sorted({
    title: step.title,
    progress: step.progress,
    final: step.final,
    history: step.history,
    back: step.nav?.back,
    next: step.nav?.next === undefined ? undefined : evaluate(step.nav.next, data, replayClock),
    blocks: step.blocks.filter((b) => b.when === undefined || holds(b.when, data, replayClock)).map((b) => [b.widget, b.props]),
    error: (snapshot.context as FlowContext).error,
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/** The same every run: mulberry32. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The requests of the effects a move starts: the step's entry effects when it is entered, a transition's effect. */
function started(flow: Flow, before: AnyMachineSnapshot | undefined, after: AnyMachineSnapshot): string[] {
  const context = after.context as FlowContext;
  const step = stepOf(after);
  const entered = before === undefined || stepOf(before) !== step;
  const names = [
    ...(entered ? (flow.steps[step]?.entry ?? []) : []),
    ...(isBusy(after) && JSON.stringify(before?.value) !== JSON.stringify(after.value)
      ? runningEffects(flow, after).filter((n) => !flow.steps[step]?.entry?.includes(n))
      : []),
  ];
  return names.flatMap((name) => effectInput(flow, name, context, replayClock).requests.map((r) => `${name} ${JSON.stringify(r)}`));
}

/**
 * Digests of seeded random walks through a flow's machine from a visit with this input: after every event, the step,
 * the screen and whether Next may be pressed when they change, and the requests of the effects it starts, byte for byte.
 */
export function behaviourOf(flow: Flow, input: FlowInput, options: { walks?: number; dump?: (text: string) => void } = {}): string[] {
  const machine = compileFlow(flow, { now: replayClock });
  const asked = new Map(Object.keys(flow.steps).map((id) => [id, askedFields(flow, id)]));
  const notices = new Map(Object.keys(flow.steps).map((id) => [id, stepNotices(flow, id)]));
  const events = [...answerEvents(flow, input.locale ?? 'en'), ...effectEvents(flow)];
  const walks: string[] = [];
  for (let w = 0; w < (options.walks ?? 300); w += 1) {
    const next = random(w + 1);
    let [snapshot] = initialTransition(machine, input);
    const log = [`step ${stepOf(snapshot)}`, ...started(flow, undefined, snapshot)];
    let shown = '';
    for (let i = 0; i < 80; i += 1) {
      const now = `${screen(flow, snapshot)} next ${snapshot.can({ type: 'NEXT' })}`;
      if (now !== shown) log.push((shown = now));
      // Next nine times in twenty, Back once, else an answer (or the answer of the effect that runs).
      const choices = enabled(flow, snapshot, events, asked, notices);
      const dice = next();
      const answer = isBusy(snapshot) || (dice >= 0.5 && choices.length > 0);
      const event = answer ? choices[Math.floor(next() * choices.length)] : dice < 0.45 || dice >= 0.5 ? { type: 'NEXT' } : { type: 'BACK' };
      if (!event) break;
      const before = snapshot;
      [snapshot] = transition(machine, snapshot, event as never);
      if (stepOf(before) !== stepOf(snapshot)) log.push(`step ${stepOf(snapshot)}`);
      log.push(...started(flow, before, snapshot));
    }
    log.push(`answers ${sorted(snapshot.context.answers)}`);
    options.dump?.(`walk ${w}\n${log.join('\n')}`);
    walks.push(digest(log.join('\n')));
  }
  return walks;
}
