// Scripted walks of a flow's machine with the browser's step watcher on it (src/analytics/watch-steps.ts), on a fake
// clock: the step events a visit sends, numbered as the events code numbers them, and batches of them for POST /api/events.
import type { FastifyInstance } from 'fastify';
import { createActor, fromPromise, waitFor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { compileFlow, isBusy } from '../../engine/machine.ts';
import type { FakeEffect } from '../../engine/replay.ts';
import type { EffectInput, Flow, FlowEvent } from '../../engine/types.ts';
import type { EventRow } from '../../server/analytics/funnel-report.ts';
import type { SentEvent } from '../../src/analytics/step-events.ts';
import { watchSteps, type StepWatcher } from '../../src/analytics/watch-steps.ts';
import { okEffects } from './flows.ts';

/** Noon UTC, 1 June 2026: where walks start unless told. */
export const WALK_START = Date.UTC(2026, 5, 1, 12);

export interface WalkOptions {
  visit: string;
  /** When the walk starts (ms). */
  start?: number;
  locale?: string;
  version?: number;
  variant?: string;
  effects?: Record<string, FakeEffect>;
}

/** One visit (one browser tab) walking a flow: each action after the person spent `seconds` on the step. */
export class StepWalk {
  readonly events: SentEvent[] = [];
  now: number;
  private actor!: AnyActorRef;
  private watcher!: StepWatcher;
  private seq = 0;

  constructor(
    private readonly flow: Flow,
    private readonly options: WalkOptions,
  ) {
    this.now = options.start ?? WALK_START;
  }

  /** Opens the funnel (or reopens it after a reload, from the machine as it was saved). */
  async open(saved?: unknown): Promise<this> {
    const effects = this.options.effects ?? okEffects;
    const actors = Object.fromEntries(
      Object.keys(this.flow.effects).map((name) => [
        name,
        fromPromise<unknown, EffectInput>(async ({ input }) => (await effects[name]?.(input)) ?? { success: true }),
      ]),
    );
    const machine = compileFlow(this.flow, { now: () => this.now }).provide({ actors });
    const input = { locale: this.options.locale ?? 'en' };
    this.actor = createActor(machine, saved === undefined ? { input } : { snapshot: saved as never, input });
    this.actor.start();
    this.watcher = watchSteps({ ...this.flow, version: this.options.version ?? this.flow.version }, (event) =>
      this.events.push({
        ...event,
        seq: this.seq++,
        flow: this.flow.id,
        version: this.options.version ?? this.flow.version,
        variant: this.options.variant ?? '',
      }),
    );
    // As FunnelPage's useStepEvents does: the machine as it stands, then its every snapshot.
    this.watcher.move({ at: this.now, event: 'xstate.init', snapshot: this.actor.getSnapshot() as AnyMachineSnapshot });
    this.actor.system.inspect((inspected) => {
      if (inspected.type === '@xstate.snapshot' && inspected.actorRef === this.actor) {
        this.watcher.move({ at: this.now, event: inspected.event.type, snapshot: inspected.snapshot as AnyMachineSnapshot });
      }
    });
    await this.settle();
    return this;
  }

  /** After `seconds` on the step, sends event (and waits for the effects it starts). */
  async send(event: FlowEvent, seconds = 0): Promise<this> {
    this.now += seconds * 1000;
    this.actor.send(event);
    await this.settle();
    return this;
  }

  next = (seconds = 0) => this.send({ type: 'NEXT' }, seconds);
  back = (seconds = 0) => this.send({ type: 'BACK' }, seconds);
  answer = (values: Record<string, unknown>) => this.send({ type: 'ANSWER', values });

  /** After `seconds`, the page closes (pagehide). */
  close(seconds = 0): this {
    this.now += seconds * 1000;
    this.watcher.close(this.now);
    this.actor.stop();
    return this;
  }

  /** After `seconds`, the page is reloaded: closed, then opened on the machine as it was saved. */
  async reload(seconds = 0): Promise<this> {
    const saved = this.actor.getPersistedSnapshot();
    this.close(seconds);
    return this.open(saved);
  }

  private async settle() {
    await waitFor(this.actor, (s: AnyMachineSnapshot) => !isBusy(s));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The body of POST /api/events for these events of a visit, sent at sentAt (ms). */
export const eventBatch = (visit: string, events: SentEvent[], sentAt: number) => ({ visit, sentAt, gclid: false, events });

/** A visit started on the server as the events code starts one (POST /api/visits): its token for batches, its id for rows. */
export async function startedVisit(app: FastifyInstance, remoteAddress?: string): Promise<{ token: string; id: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/visits', remoteAddress });
  if (res.statusCode !== 201) throw new Error(`POST /api/visits answered ${res.statusCode}: ${res.body}`);
  const token = res.json<{ visit: string }>().visit;
  return { token, id: token.split('.')[0] ?? '' };
}

/** Posts events as the browser does, in batches of at most 20 (the most a batch takes): each batch's status. */
export async function postEvents(app: FastifyInstance, token: string, events: SentEvent[], sentAt: number, remoteAddress?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < events.length; i += 20) {
    const res = await app.inject({ method: 'POST', url: '/api/events', payload: eventBatch(token, events.slice(i, i + 20), sentAt), remoteAddress });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** The rows the database gives for a visit's events. */
export const rowsOf = (visit: string, events: SentEvent[]): EventRow[] =>
  events.map((e) => ({
    visit,
    seq: e.seq,
    version: e.version,
    variant: e.variant,
    kind: e.kind,
    step: e.step ?? null,
    by: e.by ?? null,
    lang: e.lang,
    at: e.at,
  }));
