// Replays events through a flow's machine with fake effects: the visited steps and the final context, for tests.
import { createActor, fromPromise, waitFor } from 'xstate';
import { compileFlow, isBusy, stepOf } from './machine.ts';
import type { Clock, EffectInput, Flow, FlowContext, FlowEvent, FlowInput } from './types.ts';

export type FakeEffect = (input: EffectInput) => unknown;

/** The instant replays run at unless told (noon, 1 June 2026, local time): a test's outcome must not hang on the day it runs. */
export const replayClock: Clock = () => new Date(2026, 5, 1, 12).getTime();

export interface ReplayResult {
  /** Steps in the order they were shown (a step shown again after another is listed again). */
  steps: string[];
  step: string;
  context: FlowContext;
  /** Effects run, in order, with the request each one made. */
  calls: EffectInput[];
}

export async function replay(
  flow: Flow,
  events: FlowEvent[],
  options: { effects?: Record<string, FakeEffect>; input?: FlowInput; now?: Clock } = {},
): Promise<ReplayResult> {
  const calls: EffectInput[] = [];
  const actors = Object.fromEntries(
    Object.keys(flow.effects).map((name) => [
      name,
      fromPromise<unknown, EffectInput>(async ({ input }) => {
        calls.push(input);
        const fake = options.effects?.[name];
        return fake ? await fake(input) : { success: true };
      }),
    ]),
  );
  const actor = createActor(compileFlow(flow, { now: options.now ?? replayClock }).provide({ actors }), { input: options.input ?? {} });
  const steps: string[] = [];
  actor.subscribe((snapshot) => {
    const step = stepOf(snapshot);
    if (steps[steps.length - 1] !== step) steps.push(step);
  });
  actor.start();
  const settle = async () => {
    await waitFor(actor, (s) => !isBusy(s));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  await settle();
  for (const event of events) {
    actor.send(event);
    await settle();
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { steps, step: stepOf(snapshot), context: snapshot.context, calls };
}
