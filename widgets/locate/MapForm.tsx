// The map form (§2.7): a pin on the map, the vehicle make and year, and the date; on a phone in two steps (pin, then
// the rest), where Next without a pin says to touch the map and Back returns to the pin.
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '../types.ts';
import { dateErrorKey } from '../fields/field-errors.ts';
import { TextField } from '../fields/TextField.tsx';
import { useIsPhone } from '../fields/use-media-query.ts';
import { useGeo } from '../shared/geo.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { AccidentDate } from './AccidentDate.tsx';
import { locationError, makeError, toYear, yearError } from './checks.ts';
import { LocateNav } from './LocateNav.tsx';
import { MakeField } from './MakeField.tsx';
import { useMakes } from './makes.ts';
import type { GivenView } from './map-view.ts';
import { MapPicker } from './MapPicker.tsx';
import { useChecks } from './use-checks.ts';
import { usePin } from './use-pin.ts';

interface MapFormProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy' | 'back'> {
  radius: number;
  /** The view the flow gives the map (props center and zoom). */
  given?: GivenView;
}

type Stage = 'pin' | 'vehicle';

const yearText = (v: unknown) => (typeof v === 'number' ? String(v) : '');

export function MapForm({ answers, send, busy, back, radius, given }: MapFormProps) {
  const { t } = useCopy('locate');
  const phone = useIsPhone();
  const makes = useMakes();
  const pins = usePin(useGeo(), send);
  const [stage, setStage] = useState<Stage>('pin');
  const [touchAlert, setTouchAlert] = useState(false);
  const stageHeading = useRef<HTMLHeadingElement>(null);
  const stageChanged = useRef(false);
  const [rawMake, setMake] = useAnswer<string>({ answers, send }, 'vehicleMake');
  const make = typeof rawMake === 'string' ? rawMake : '';
  // What was in the make input when it was last left: text without a chosen make means "choose from the list".
  const [typedMake, setTypedMake] = useState(make);
  const pinMissing = locationError(answers.location) !== null;

  // The year is typed as text ("abc" must be shown to be said invalid) and stored as a number.
  const [year, setYear] = useState(() => yearText(answers.vehicleYear));
  const [seenYear, setSeenYear] = useState(answers.vehicleYear);
  if (!Object.is(answers.vehicleYear, seenYear)) {
    setSeenYear(answers.vehicleYear);
    if (toYear(year) !== answers.vehicleYear) setYear(yearText(answers.vehicleYear));
  }

  const checks = useChecks({
    location: locationError(answers.location),
    vehicleMake: makeError(make, typedMake),
    vehicleYear: yearError(year),
    date: dateErrorKey(answers.date),
  });
  const message = (key: string | null) => (key ? t(key) : null);
  const showPin = !phone || stage === 'pin';
  const showVehicle = !phone || stage === 'vehicle';

  useEffect(() => {
    if (stageChanged.current) stageHeading.current?.focus();
    stageChanged.current = false;
  }, [stage]);
  const goTo = (next: Stage) => {
    stageChanged.current = true;
    setStage(next);
  };

  const next = () => {
    if (phone && (stage === 'pin' || pinMissing)) {
      if (pinMissing) {
        setTouchAlert(true);
        if (stage !== 'pin') goTo('pin');
      } else goTo('vehicle');
      return;
    }
    if (checks.check(phone ? ['vehicleMake', 'vehicleYear', 'date'] : ['location', 'vehicleMake', 'vehicleYear', 'date'])) {
      send({ type: 'NEXT' });
    }
  };
  const onBack = () => (phone && stage === 'vehicle' ? goTo('pin') : back());

  return (
    <>
      <div className="locate-form">
        {phone && (
          <h2 ref={stageHeading} className="locate-stage" tabIndex={-1}>
            {t(stage === 'pin' ? 'locate:steps.pin' : 'locate:steps.vehicle')}
          </h2>
        )}
        {showPin && (
          <MapPicker
            answers={answers}
            pins={pins}
            radius={radius}
            given={given}
            disabled={busy}
            error={message(checks.error('location'))}
            box={checks.box('location')}
          />
        )}
        {phone && (
          <div className="locate-alert locate-alert--info" role="alert">
            {touchAlert && pinMissing ? t('errors:TOUCH_THE_MAP_TO_DROP_A_PIN') : null}
          </div>
        )}
        {showVehicle && (
          <>
            <div ref={checks.box('vehicleMake')}>
              <MakeField
                label={t('locate:make.label')}
                value={make}
                makes={makes}
                disabled={busy}
                error={message(checks.error('vehicleMake'))}
                onChange={setMake}
                onBlur={(text) => {
                  setTypedMake(text);
                  checks.touch('vehicleMake');
                }}
              />
            </div>
            <div ref={checks.box('vehicleYear')}>
              <TextField
                name="vehicleYear"
                label={t('locate:year.label')}
                value={year}
                valid={yearError(year) === null}
                validLabel={t('locate:year.valid')}
                error={message(checks.error('vehicleYear'))}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                readOnly={busy}
                onChange={(event) => {
                  setYear(event.target.value);
                  send({ type: 'ANSWER', values: { vehicleYear: toYear(event.target.value) } });
                }}
                onBlur={() => checks.touch('vehicleYear')}
              />
            </div>
            <AccidentDate answers={answers} send={send} busy={busy} checks={checks} />
          </>
        )}
      </div>
      <LocateNav onBack={onBack} onNext={next} busy={busy} />
    </>
  );
}
