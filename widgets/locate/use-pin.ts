// Dropping a pin: records the point at once, then the address found there (ANSWER {location, place}), unless the
// map form has gone (another way to find the report was chosen) before the address came.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlowEvent } from '../../engine/types.ts';
import type { GeoServices, Point } from '../shared/geo.ts';
import { toPoint } from './map-view.ts';
import { lookUpPin, type PinLookup } from './pin-lookup.ts';

export function usePin(geo: Pick<GeoServices, 'reverse'>, send: (event: FlowEvent) => void) {
  const [looking, setLooking] = useState(false);
  const [result, setResult] = useState<PinLookup | null>(null);
  const latest = useRef(0);

  // Once the form is gone, a late address would overwrite answers given since (a city chosen in the VIN form).
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const drop = useCallback(
    async (at: Point) => {
      const location = toPoint(at);
      const id = ++latest.current;
      // The old address no longer describes the new pin.
      send({ type: 'ANSWER', values: { location, place: null } });
      setLooking(true);
      setResult(null);
      const found = await lookUpPin(geo, location);
      // A later pin wins over a slow answer for an earlier one, and an answer after the form has gone is dropped.
      if (id !== latest.current) return;
      if (found.kind === 'found') send({ type: 'ANSWER', values: { location, place: found.place } });
      setLooking(false);
      setResult(found);
    },
    [geo, send],
  );

  return { drop, looking, result };
}

export type PinDrop = ReturnType<typeof usePin>;
