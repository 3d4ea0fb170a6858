// The VIN form and the Case ID form (§2.7): the identifier, the date of the accident and its city.
import { useId, useState } from 'react';
import { today, validators } from '../../engine/validators.ts';
import type { WidgetProps } from '../types.ts';
import { CityField } from '../fields/CityField.tsx';
import { DateField } from '../fields/DateField.tsx';
import { cityErrorKey, dateErrorKey } from '../fields/field-errors.ts';
import { TextField } from '../fields/TextField.tsx';
import type { Place } from '../shared/geo.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { caseIdError, toVin, VIN_LENGTH, vinError, vinWarning } from './checks.ts';
import { LocateNav } from './LocateNav.tsx';
import { useChecks } from './use-checks.ts';

interface RecordFormProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy' | 'back'> {
  kind: 'vin' | 'case';
}

const asText = (v: unknown) => (typeof v === 'string' ? v : '');

export function RecordForm({ kind, answers, send, busy, back }: RecordFormProps) {
  const { t } = useCopy('locate');
  const id = useId();
  const ids = { hint: `${id}-hint`, warning: `${id}-warning` };
  const [rawId, setId] = useAnswer<string>({ answers, send }, kind === 'vin' ? 'vin' : 'caseID');
  const [rawDate, setDate] = useAnswer<string>({ answers, send }, 'date');
  const [rawPlace, setPlace] = useAnswer<Place | null>({ answers, send }, 'place');
  const value = asText(rawId);
  const date = asText(rawDate);
  const place = validators.place(rawPlace) ? (rawPlace as Place) : null;
  // What was in the city input when it was last left: text without a chosen place means "choose from the list".
  const [typed, setTyped] = useState(place?.address ?? '');
  const checks = useChecks({
    id: kind === 'vin' ? vinError(value) : caseIdError(value),
    date: dateErrorKey(date),
    place: cityErrorKey(place, typed),
  });
  const message = (key: string | null) => (key ? t(key) : null);
  const idError = message(checks.error('id'));
  const warning = kind === 'vin' && vinError(value) === null ? vinWarning(value) : null;

  const next = () => {
    if (checks.check(['id', 'date', 'place'])) send({ type: 'NEXT' });
  };

  return (
    <>
      <div className="locate-form">
        <div ref={checks.box('id')}>
          {kind === 'vin' ? (
            <TextField
              name="vin"
              label={t('locate:vin.label')}
              value={value}
              valid={vinError(value) === null && warning === null}
              validLabel={t('locate:vin.valid')}
              error={idError}
              hintId={`${ids.hint} ${ids.warning}`}
              inputClassName="field__input--vin"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              maxLength={VIN_LENGTH}
              readOnly={busy}
              onChange={(event) => setId(toVin(event.target.value))}
              // maxLength would cut a pasted "1HG CM826 …" before its spaces are dropped, so a paste is cleaned first.
              onPaste={(event) => {
                const pasted = event.clipboardData.getData('text');
                if (!pasted) return;
                event.preventDefault();
                setId(toVin(pasted));
              }}
              onBlur={() => checks.touch('id')}
            />
          ) : (
            <TextField
              name="caseID"
              label={t('locate:caseId.label')}
              value={value}
              valid={false}
              validLabel=""
              error={idError}
              hintId={ids.hint}
              type="text"
              autoComplete="off"
              spellCheck={false}
              readOnly={busy}
              onChange={(event) => setId(event.target.value)}
              onBlur={() => checks.touch('id')}
            />
          )}
          <p id={ids.hint} className="field__help locate-form__hint">
            {t(kind === 'vin' ? 'locate:vin.hint' : 'locate:caseId.hint')}
          </p>
          {kind === 'vin' && (
            <div id={ids.warning} aria-live="polite">
              {warning && <p className="locate-alert locate-alert--warning">{t(warning)}</p>}
            </div>
          )}
        </div>
        <div ref={checks.box('date')}>
          <DateField
            label={t('locate:date')}
            value={date}
            max={today()}
            disabled={busy}
            error={message(checks.error('date'))}
            onChange={setDate}
            onBlur={() => checks.touch('date')}
          />
        </div>
        <div ref={checks.box('place')}>
          <CityField
            label={t('locate:city')}
            value={place}
            disabled={busy}
            error={message(checks.error('place'))}
            onChange={(chosen) => {
              setPlace(chosen);
              if (chosen) setTyped(chosen.address);
            }}
            onBlur={(text) => {
              setTyped(text);
              checks.touch('place');
            }}
          />
        </div>
      </div>
      <LocateNav onBack={back} onNext={next} busy={busy} />
    </>
  );
}
