// When a lead's person is to be called: their time zone (from the place the lead names, else their browser's), the
// states whose calling-hours laws hold for them, and the windows their call-time choices mean.
import type { FastifyRequest } from 'fastify';
import { callWindow, type CallWindow } from './call-window.ts';
import { visitorZone, zipState } from './visitor-zone.ts';

/** The request header the app sends its browser's IANA zone in (as GitHub's API takes it). */
export const TIME_ZONE_HEADER = 'time-zone';

export interface LeadTypeCall extends CallWindow {
  /** The service's key (leadTypes), e.g. Chiropractor. */
  service: string;
  preference: 'AM' | 'PM';
}

type Body = Record<string, unknown>;

const objectAt = (value: unknown): Body | undefined => (value && typeof value === 'object' ? (value as Body) : undefined);
const textAt = (body: Body | undefined, field: string): string | undefined => {
  const value = body?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The browser's zone a request names, if any (at most 64 characters: IANA names are shorter). */
export function browserZoneOf(request: FastifyRequest): string | undefined {
  const value = request.headers[TIME_ZONE_HEADER];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
}

/** The ZIP and the state a lead body names: top level, else its locating fields'. */
function placeOf(body: Body): { zip: string | undefined; state: string | undefined } {
  const details = objectAt(objectAt(body.extraDetails)?.accidentDetails) ?? objectAt(body.formData);
  return { zip: textAt(body, 'zip') ?? textAt(details, 'zip'), state: textAt(body, 'state') ?? textAt(details, 'state') };
}

/** The zone of the person of a lead body at `at` (ms): its ZIP or state (top level, else the locating fields'), else browserZone. */
export function leadZone(body: Body, browserZone: string | undefined, at: number): Promise<string> {
  return visitorZone({ ...placeOf(body), browserZone }, at);
}

const STATE_CODE = /^[A-Za-z]{2}$/;

/** The state a lead body names (top level, else its locating fields'), in capitals, if any: no lookup, so at once. */
export function namedStates(body: Body): string[] {
  const { state } = placeOf(body);
  return state && STATE_CODE.test(state) ? [state.toUpperCase()] : [];
}

/**
 * The states whose calling-hours laws may hold for the person of a lead body: its ZIP's state and the state it names
 * (both, when they differ: the call keeps inside the stricter), in that order, without repeats.
 */
export async function leadStates(body: Body): Promise<string[]> {
  const { zip } = placeOf(body);
  const byZip = zip ? await zipState(zip) : undefined;
  return [...new Set([...(byZip ? [byZip.toUpperCase()] : []), ...namedStates(body)])];
}

/**
 * The window of each service of the body's leadTypes ({ Chiropractor: 'PM' }), chosen at `at` (ms), in zone, inside
 * the calling-hours laws of states (by default the state the body names; leadStates adds its ZIP's).
 */
export function leadTypeCalls(body: Body, at: number, zone: string, states: readonly string[] = namedStates(body)): LeadTypeCall[] {
  return Object.entries(objectAt(body.leadTypes) ?? {}).flatMap(([service, preference]) =>
    preference === 'AM' || preference === 'PM' ? [{ service, preference, ...callWindow(preference, at, zone, states) }] : [],
  );
}
