// The effects a flow names, provided to its machine: each sends the request the flow rendered to the API.
import { fromPromise } from 'xstate';
import type { EffectInput, Flow } from '../../engine/types.ts';
import { callApi } from './client.ts';

export function effectActors(flow: Flow) {
  return Object.fromEntries(
    Object.keys(flow.effects).map((name) => [name, fromPromise<unknown, EffectInput>(({ input }) => callApi(input.request))]),
  );
}
