// What the officer wrote: a short account of how the units met, where, and who was hurt.
import type { Random } from './random.ts';

const DIRECTIONS = ['northbound', 'southbound', 'eastbound', 'westbound'];
const FAULTS = [
  'failed to yield the right of way',
  'failed to stop for the red light',
  'failed to control speed',
  'followed too closely',
  'made an unsafe lane change',
  'disregarded the stop sign',
  'made an improper left turn',
  'was distracted by a phone',
];
const SECOND_UNIT = [
  'stopped for traffic',
  'turning left',
  'proceeding through the intersection on a green light',
  'parked at the curb',
  'merging from the right lane',
  'slowing to turn right',
];
const SINGLE = [
  'left the roadway and struck a utility pole',
  'lost control on the curve and struck the guardrail',
  'struck a deer in the roadway',
  'left the roadway and came to rest in the ditch',
  'struck a fence on the right side of the road',
];
const HOSPITALS = ['the regional medical center', 'the county hospital', "St. Mary's Hospital", 'the university medical center', 'Memorial Hospital'];

export function narrativeOf(random: Random, street: string, units: number, injured: number, fatal: number): string {
  const direction = random.pick(DIRECTIONS);
  const parts: string[] = [];
  if (units === 1) {
    parts.push(`Unit 1 was traveling ${direction} on ${street} when it ${random.pick(SINGLE)}.`);
  } else {
    parts.push(`Unit 1 was traveling ${direction} on ${street} and ${random.pick(FAULTS)}, striking Unit 2, which was ${random.pick(SECOND_UNIT)}.`);
    for (let unit = 3; unit <= units; unit++) parts.push(`Unit ${unit - 1} was pushed into Unit ${unit}.`);
    if (random.chance(0.4)) parts.push('The driver of Unit 1 stated that they did not see the other vehicle.');
  }
  if (fatal > 0) parts.push(`${fatal === 1 ? 'One person was' : `${fatal} people were`} pronounced dead at the scene.`);
  if (injured > 0) parts.push(`${injured === 1 ? 'One occupant was' : `${injured} occupants were`} transported to ${random.pick(HOSPITALS)}.`);
  else if (fatal === 0) parts.push('No injuries were reported.');
  if (random.chance(0.3)) parts.push('Photographs were taken and witness statements were collected at the scene.');
  return parts.join(' ');
}
