// The effects a flow names, provided to its machine: each sends the request the flow rendered to the API;
// submissions the flow marks `outbox` go through the outbox, so they are never lost nor doubled.
import { fromPromise } from 'xstate';
import type { EffectInput, Flow } from '../../engine/types.ts';
import { callApi } from './client.ts';
import { submissionKey, submit } from './outbox.ts';

export function effectActors(flow: Flow) {
  return Object.fromEntries(
    Object.keys(flow.effects).map((name) => [
      name,
      fromPromise<unknown, EffectInput>(async ({ input, signal }) => {
        const { requests, context } = input;
        const outputs = await Promise.all(
          requests.map((request) =>
            request.outbox ? submit(request, submissionKey(context.meta.visit ?? 'visit', `${input.flowId}.${name}`, request)) : callApi(request, signal),
          ),
        );
        return input.each ? outputs : outputs[0];
      }),
    ]),
  );
}
