// The VIN form and the Case ID form (§2.7): the identifier, the date of the accident and its city, each used by the
// search (widgets/report-search/search-query.ts): the date narrows it to 3 days either side (a report of the VIN or case
// ID on another date is then named, not dropped), the city puts a VIN's reports there first and gives a case ID its
// state. The lead and its consent record take the city's state and ZIP.
import { useId, useState } from 'react';
import { validators } from '../../engine/validators.ts';
import type { WidgetProps } from '../types.ts';
import { CityField } from '../fields/CityField.tsx';
import { cityErrorKey, dateErrorKey } from '../fields/field-errors.ts';
import { TextField } from '../fields/TextField.tsx';
import type { Place } from '../shared/geo.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { AccidentDate } from './AccidentDate.tsx';
import { caseIdError, vinError } from './checks.ts';
import { LocateNav } from './LocateNav.tsx';
import { useChecks } from './use-checks.ts';
import { VinField } from './VinField.tsx';
import '../fields/fields.css';

interface RecordFormProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy' | 'back'> {
  kind: 'vin' | 'case';
}

export function RecordForm({ kind, answers, send, busy, back }: RecordFormProps) {
  const { t } = useCopy('locate');
  const hintId = useId();
  const [rawId, setId] = useAnswer<string>({ answers, send }, kind === 'vin' ? 'vin' : 'caseID');
  const [rawPlace, setPlace] = useAnswer<Place | null>({ answers, send }, 'place');
  const value = typeof rawId === 'string' ? rawId : '';
  const place = validators.place(rawPlace) ? (rawPlace as Place) : null;
  // What was in the city input when it was last left: text without a chosen place means "choose from the list".
  const [typed, setTyped] = useState(place?.address ?? '');
  const checks = useChecks({
    id: kind === 'vin' ? vinError(value) : caseIdError(value),
    date: dateErrorKey(answers.date),
    place: cityErrorKey(place, typed),
  });
  const message = (key: string | null) => (key ? t(key) : null);

  const next = () => {
    if (checks.check(['id', 'date', 'place'])) send({ type: 'NEXT' });
  };

  return (
    <>
      <div className="locate-form">
        <div ref={checks.box('id')}>
          {kind === 'vin' ? (
            <VinField value={value} onChange={setId} onBlur={() => checks.touch('id')} error={message(checks.error('id'))} busy={busy} />
          ) : (
            <>
              <TextField
                name="caseID"
                label={t('locate:caseId.label')}
                value={value}
                valid={false}
                validLabel=""
                error={message(checks.error('id'))}
                hintId={hintId}
                type="text"
                autoComplete="off"
                spellCheck={false}
                readOnly={busy}
                onChange={(event) => setId(event.target.value)}
                onBlur={() => checks.touch('id')}
              />
              <p id={hintId} className="field__help locate-form__hint">
                {t('locate:caseId.hint')}
              </p>
            </>
          )}
        </div>
        <AccidentDate answers={answers} send={send} busy={busy} checks={checks} />
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
