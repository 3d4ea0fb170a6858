// The accident-locating wizard (§2.7): choose VIN, Case ID or a map, fill in that form, then Back or Next of its own.
import { Activity, useRef, useState } from 'react';
import type { WidgetProps } from '../types.ts';
import { useIsPhone } from '../fields/use-media-query.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { InfoTiles } from './InfoTiles.tsx';
import { LocateChoices, LOCATE_BY, type LocateBy } from './LocateChoices.tsx';
import { LocateNav } from './LocateNav.tsx';
import { MapForm } from './MapForm.tsx';
import { DEFAULT_RADIUS_M, type GivenView } from './map-view.ts';
import { RecordForm } from './RecordForm.tsx';
import './locate.css';

const RECORD_FORMS = ['vin', 'case'] as const;

interface LocateProps extends GivenView {
  /** Radius of the circle around the pin, in metres (16093, about 10 miles, by default). */
  radius?: number;
}

export function Locate({ props, answers, send, busy, back }: WidgetProps<LocateProps>) {
  const { t } = useCopy('locate');
  const phone = useIsPhone();
  const [rawBy, setBy] = useAnswer<LocateBy | null>({ answers, send }, 'locateBy');
  const by = LOCATE_BY.find((choice) => choice === rawBy) ?? null;
  const [chooseFirst, setChooseFirst] = useState(false);
  const choices = useRef<HTMLDivElement>(null);
  const form = { answers, send, busy, back };

  return (
    <div className="widget locate" aria-busy={busy || undefined}>
      <div ref={choices}>
        <LocateChoices
          value={by}
          disabled={busy}
          error={chooseFirst && !by ? t('locate:choices.required') : null}
          onChange={(choice) => {
            setChooseFirst(false);
            setBy(choice);
          }}
        />
      </div>
      {by === null && !phone && <InfoTiles />}
      {RECORD_FORMS.map(
        (kind) =>
          // Drawn ahead, out of sight, while no way is chosen: choosing one only shows its form. Another way chosen later
          // draws a form anew, as before.
          (by === null || by === kind) && (
            <Activity key={kind} mode={by === kind ? 'visible' : 'hidden'}>
              <RecordForm kind={kind} {...form} />
            </Activity>
          ),
      )}
      {by === 'map' && <MapForm {...form} radius={props.radius ?? DEFAULT_RADIUS_M} given={{ center: props.center, zoom: props.zoom }} />}
      {by === null && (
        <LocateNav
          busy={busy}
          onBack={back}
          onNext={() => {
            setChooseFirst(true);
            choices.current?.querySelector('input')?.focus();
          }}
        />
      )}
    </div>
  );
}
