// The locating block's props, the answers it writes and when its step may go on: the report described one of three
// ways (a VIN, a case ID, or a pin with the vehicle), with its date, and the city for the first two.
import { answer, type WidgetDeclaration } from '../../engine/widget-declaration.ts';

const valid = (rule: string, field: string) => ({ valid: [rule, answer(field)] });
const by = (way: string) => ({ '==': [answer('locateBy'), way] });

export const locate: WidgetDeclaration = {
  description: 'Finding the accident report: by VIN, by case ID, or by a pin on the map with the vehicle’s make and year.',
  props: {
    type: 'object',
    additionalProperties: false,
    properties: {
      radius: { type: 'number', exclusiveMinimum: 0, description: 'The circle around the pin, in metres.' },
      zoom: {
        type: 'integer',
        minimum: 3,
        maximum: 18,
        description:
          'The zoom the map opens at when the page path names no state and no city was typed earlier (4, the whole contiguous US, by default): 6 or 7 shows a state, 10 a metro area, 13 a city.',
      },
      center: {
        type: 'object',
        additionalProperties: false,
        required: ['lat', 'lng'],
        properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, lng: { type: 'number', minimum: -180, maximum: 180 } },
        description: 'Where the map opens, with the zoom it needs (the centre of the contiguous US by default).',
      },
    },
    dependentRequired: { center: ['zoom'] },
  },
  answers: ['locateBy', 'vin', 'caseID', 'date', 'place', 'location', 'vehicleMake', 'vehicleYear'],
  ready: () => ({
    or: [
      { and: [by('vin'), valid('vin', 'vin'), valid('pastDate', 'date'), valid('place', 'place')] },
      { and: [by('case'), valid('required', 'caseID'), valid('pastDate', 'date'), valid('place', 'place')] },
      { and: [by('map'), valid('point', 'location'), valid('required', 'vehicleMake'), valid('vehicleYear', 'vehicleYear'), valid('pastDate', 'date')] },
    ],
  }),
  notReady: () => 'notReady.locate',
};
