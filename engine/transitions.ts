// A step's transitions for one event, as a list whether the flow wrote one or several.
import type { Transition } from './types.ts';

export const transitionList = (spec: Transition | Transition[] | undefined): Transition[] => (spec === undefined ? [] : Array.isArray(spec) ? spec : [spec]);
