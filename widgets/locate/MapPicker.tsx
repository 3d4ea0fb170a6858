// The pin part of the map form: a place search and "Use my location" that move the map, the lazily loaded map (created
// after 300 ms; opening on the page's state, a city typed earlier or the flow's view), keyboard ways to drop a pin,
// the address found for the pin and any geocoding problem in an alert.
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { validators } from '../../engine/validators.ts';
import { describedBy as describe, FieldMessage } from '../fields/FieldMessage.tsx';
import { useGeo, type Place, type Point } from '../shared/geo.ts';
import { useCopy } from '../shared/use-copy.ts';
import { LoadBoundary } from '../shared/LoadBoundary.tsx';
import { CrosshairIcon } from './locate-icons.tsx';
import { LeafletMap } from './leaflet-map-part.ts';
import { LOCATION_ZOOM, MAP_DELAY_MS, PIN_ZOOM, startView, toPoint, viewForPlace, type GivenView, type MapView } from './map-view.ts';
import { MapSearch } from './MapSearch.tsx';
import { lookupAlert } from './pin-lookup.ts';
import type { PinDrop } from './use-pin.ts';
import '../fields/fields.css';
import './map.css';

interface MapPickerProps {
  answers: Record<string, unknown>;
  /** Dropping pins and the lookup of their address, owned by the map form so a lookup outlives the phone's pin step. */
  pins: PinDrop;
  radius: number;
  /** Where the flow has the map open when the page path names no state and no city was typed earlier. */
  given?: GivenView;
  /** The "select a location" message, once shown. */
  error: string | null;
  /** Takes the map's frame, whose first focusable element (the map) Next focuses while the pin is missing. */
  box?: (frame: HTMLElement | null) => void;
  disabled: boolean;
}

export function MapPicker({ answers, pins, radius, given, error, disabled, box }: MapPickerProps) {
  const { t } = useCopy('locate');
  const geo = useGeo();
  const id = useId();
  const ids = { help: `${id}-help`, keys: `${id}-keys`, error: `${id}-error` };
  const pin = validators.point(answers.location) ? (answers.location as Point) : null;
  // Before a pin, the place is the city typed in the VIN or case ID form; after, the address found for the pin.
  const place = validators.place(answers.place) ? (answers.place as Place) : null;
  const [view, setView] = useState<MapView>(() => (pin ? { center: pin, zoom: PIN_ZOOM } : startView(window.location.pathname, place, given)));
  // What the search or the location did to the map, said (politely) and shown until a pin is dropped.
  const [moved, setMoved] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const setFrame = useCallback(
    (el: HTMLDivElement | null) => {
      frame.current = el;
      box?.(el);
    },
    [box],
  );
  const centre = useRef(view.center);
  const ready = useDelay(MAP_DELAY_MS);
  const { drop, looking, result } = pins;
  const alert = lookupAlert(result);

  // The map's code starts loading with the form, while the 300 ms pass.
  useEffect(() => {
    void LeafletMap.load().catch(() => undefined);
  }, []);

  const onPick = useCallback(
    (point: Point, recentre: boolean) => {
      const at = toPoint(point);
      if (recentre) setView({ center: at, zoom: PIN_ZOOM });
      setMoved(null);
      void drop(at);
    },
    [drop],
  );
  const byPointer = useLastInputByPointer();
  /**
   * Shows the map there and takes focus to it: the phone's keyboard closes, and the keys work on the map. After a tap
   * or a click without the focus ring, crosshair and key help: those are for the keyboard.
   */
  const goTo = (next: MapView, said: string) => {
    centre.current = next.center;
    setView(next);
    setMoved(said);
    frame.current?.querySelector<HTMLElement>('.leaflet-container')?.focus({ focusVisible: !byPointer.current });
  };
  const onPlace = (found: Place, label: string) => {
    const next = viewForPlace(found);
    if (next) goTo(next, t('locate:map.moved', { place: label }));
  };
  const onLocation = (point: Point) => goTo({ center: toPoint(point), zoom: LOCATION_ZOOM }, t('locate:map.movedHere'));
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
      <p className="locate-map__instructions">{t('locate:map.instructions')}</p>
      <MapSearch onPlace={onPlace} onLocation={onLocation} disabled={disabled} />
      <p id={ids.help} className="field__help">
        {t('locate:map.help')}
      </p>
      <p className="locate-map__moved" aria-live="polite">
        {moved}
      </p>
      <div ref={setFrame} className={error ? 'locate-map__frame is-invalid' : 'locate-map__frame'}>
        {ready ? (
          <LoadBoundary message={t('locate:map.failed')} retry={t('app:funnel.retry')} className="locate-map__canvas locate-map__placeholder">
            <Suspense fallback={placeholder}>
              <LeafletMap
                view={view}
                pin={pin}
                radius={radius}
                tiles={geo.tiles}
                label={t('locate:map.label')}
                pinLabel={t('locate:map.pin')}
                describedBy={describe(ids.error, error, ids.help, ids.keys) ?? ids.help}
                onPick={onPick}
                onMove={onMove}
              />
            </Suspense>
          </LoadBoundary>
        ) : (
          placeholder
        )}
      </div>
      <p id={ids.keys} className="locate-map__keys">
        {t('locate:map.keys')}
      </p>
      <FieldMessage id={ids.error} error={error} />
      <button type="button" className="btn btn-secondary locate-map__centre" disabled={disabled} onClick={() => onPick(centre.current, true)}>
        <CrosshairIcon />
        {t('locate:map.dropAtCentre')}
      </button>
      <p className="locate-map__address" aria-live="polite">
        {looking ? t('locate:map.finding') : pin && place ? t('locate:map.address', { address: place.address }) : null}
      </p>
      <div className="locate-alert locate-alert--error" role="alert">
        {alert ? t(alert.key, alert.values) : null}
      </div>
    </div>
  );
}

/** Whether the person's last input was a tap or click (true) or a key (false), kept current for the handlers. */
function useLastInputByPointer() {
  const byPointer = useRef(false);
  useEffect(() => {
    const pointer = () => {
      byPointer.current = true;
    };
    const key = () => {
      byPointer.current = false;
    };
    document.addEventListener('pointerdown', pointer, true);
    document.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('pointerdown', pointer, true);
      document.removeEventListener('keydown', key, true);
    };
  }, []);
  return byPointer;
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
