// A fixture funnel of one step whose button runs an effect, then thanks the person: for tests of how the funnel page
// shows an effect's answer (errors, dialogs). Each call has an id of its own, so no saved state carries over.
import type { EffectSpec, Flow } from '../../engine/types.ts';
import { FIXTURE_NS } from './i18n.ts';

export function oneEffectFunnel(effect: EffectSpec, button = 'common:nav.next'): Flow {
  return {
    id: `one-effect-${Math.random().toString(36).slice(2)}`,
    version: 1,
    routes: ['/test'],
    namespace: FIXTURE_NS,
    initial: '1',
    answers: {},
    steps: {
      '1': { title: 'fixture:consult', blocks: [], nav: { next: button }, on: { NEXT: { effect: 'run', target: '2' } } },
      '2': { title: 'errors:THANK_YOU', blocks: [], final: true },
    },
    effects: { run: effect },
  };
}
