// The pin part of the map form: the lazily loaded map (created after 300 ms), a keyboard way to drop a pin, the
// address found for the pin and any geocoding problem in an alert.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { validators } from '../../engine/validators.ts';
import { describedBy as describe, FieldMessage } from '../fields/FieldMessage.tsx';
import { useGeo, type Place, type Point } from '../shared/geo.ts';
import { useCopy } from '../shared/use-copy.ts';
import { CrosshairIcon } from './locate-icons.tsx';
import { MAP_DELAY_MS, PIN_ZOOM, toPoint, viewForPath, type MapView } from './map-view.ts';
import { lookupAlert } from './pin-lookup.ts';
import type { PinDrop } from './use-pin.ts';
import '../fields/fields.css';
import './map.css';

const loadMap = () => import('./LeafletMap.tsx');
const LeafletMap = lazy(loadMap);

interface MapPickerProps {
  answers: Record<string, unknown>;
  /** Dropping pins and the lookup of their address, owned by the map form so a lookup outlives the phone's pin step. */
  pins: PinDrop;
  radius: number;
  /** The "select a location" message, once shown. */
  error: string | null;
  disabled: boolean;
}

export function MapPicker({ answers, pins, radius, error, disabled }: MapPickerProps) {
  const { t } = useCopy('locate');
  const geo = useGeo();
  const id = useId();
  const ids = { help: `${id}-help`, error: `${id}-error` };
  const pin = validators.point(answers.location) ? (answers.location as Point) : null;
  const place = validators.place(answers.place) ? (answers.place as Place) : null;
  const [view, setView] = useState<MapView>(() => (pin ? { center: pin, zoom: PIN_ZOOM } : viewForPath(window.location.pathname)));
  const centre = useRef(view.center);
  const ready = useDelay(MAP_DELAY_MS);
  const { drop, looking, result } = pins;
  const alert = lookupAlert(result);

  // The map's code starts loading with the form, while the 300 ms pass.
  useEffect(() => {
    void loadMap();
  }, []);

  const onPick = useCallback(
    (point: Point, recentre: boolean) => {
      const at = toPoint(point);
      if (recentre) setView({ center: at, zoom: PIN_ZOOM });
      void drop(at);
    },
    [drop],
  );
  const onMove = useCallback((point: Point) => {
    centre.current = point;
  }, []);

  const placeholder = (
    <div className="locate-map__canvas locate-map__placeholder">
      <span>{t('locate:map.loading')}</span>
    </div>
  );

  return (
    <div className="locate-map">
      <div>
        <p className="locate-map__instructions">{t('locate:map.instructions')}</p>
        <p id={ids.help} className="field__help">
          {t('locate:map.help')}
        </p>
      </div>
      <div className={error ? 'locate-map__frame is-invalid' : 'locate-map__frame'}>
        {ready ? (
          <Suspense fallback={placeholder}>
            <LeafletMap
              view={view}
              pin={pin}
              radius={radius}
              tiles={geo.tiles}
              label={t('locate:map.label')}
              pinLabel={t('locate:map.pin')}
              describedBy={describe(ids.error, error, ids.help) ?? ids.help}
              onPick={onPick}
              onMove={onMove}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <FieldMessage id={ids.error} error={error} />
      <button type="button" className="btn btn-secondary locate-map__centre" disabled={disabled} onClick={() => onPick(centre.current, true)}>
        <CrosshairIcon />
        {t('locate:map.dropAtCentre')}
      </button>
      <p className="locate-map__address" aria-live="polite">
        {looking ? t('locate:map.finding') : place ? t('locate:map.address', { address: place.address }) : null}
      </p>
      <div className="locate-alert locate-alert--error" role="alert">
        {alert ? t(alert.key, alert.values) : null}
      </div>
    </div>
  );
}

/** False until `ms` have passed after the first render. */
function useDelay(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDone(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return done;
}
