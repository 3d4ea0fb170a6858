// Dropping a pin: records the point at once, then the address found there (ANSWER {location, place}).
import { useCallback, useRef, useState } from 'react';
import type { FlowEvent } from '../../engine/types.ts';
import type { GeoServices, Point } from '../shared/geo.ts';
import { toPoint } from './map-view.ts';
import { lookUpPin, type PinLookup } from './pin-lookup.ts';

export function usePin(geo: Pick<GeoServices, 'reverse'>, send: (event: FlowEvent) => void) {
  const [looking, setLooking] = useState(false);
  const [result, setResult] = useState<PinLookup | null>(null);
  const latest = useRef(0);

  const drop = useCallback(
    async (at: Point) => {
      const location = toPoint(at);
      const id = ++latest.current;
      // The old address no longer describes the new pin.
      send({ type: 'ANSWER', values: { location, place: null } });
      setLooking(true);
      setResult(null);
      const found = await lookUpPin(geo, location);
      // A later pin wins over a slow answer for an earlier one.
      if (id !== latest.current) return;
      if (found.kind === 'found') send({ type: 'ANSWER', values: { location, place: found.place } });
      setLooking(false);
      setResult(found);
    },
    [geo, send],
  );

  return { drop, looking, result };
}
