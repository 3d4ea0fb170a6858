// "Is this your accident?": two facts from the report, as state portals ask for them: the VIN of a vehicle or the case
// ID, and the last name of one of the drivers. When the page already has the first fact (the VIN of the URL, a link's
// proof, one kept in this tab), only the last name is asked. On a match the page shows the full report.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../widgets/fields/TextField.tsx';
import { caseIdError, vinError } from '../../../widgets/locate/checks.ts';
import { VinField } from '../../../widgets/locate/VinField.tsx';
import { fetchReport, proveReport, type Report, type ReportFact } from '../../api/reports.ts';
import { formatWait } from '../../funnel/format-wait.ts';
import { factField, type FactCheck } from './use-first-fact.ts';
import { proofProblemOf, type ProofProblem } from './use-report.ts';

type Kind = 'vin' | 'caseId';

interface ProofFormProps {
  id: string;
  /** The first fact the page has, and what the API said of it. */
  check: FactCheck;
  /** Forgets that first fact: the visitor gives another. */
  onForget: () => void;
  onProved: (report: Report) => void;
}

export function ProofForm({ id, check, onForget, onProved }: ProofFormProps) {
  const { t, i18n } = useTranslation(['report', 'locate', 'errors']);
  const formId = useId();
  const refused = check.status === 'refused' ? check : undefined;
  // The first fact given, unless it was refused: then the form asks for one again, filled in with what was refused.
  const given = check.status === 'known' || check.status === 'checking' ? check.fact : undefined;
  const refusedFact = refused && !('token' in refused.fact) ? refused.fact : undefined;
  const [kind, setKind] = useState<Kind>(refusedFact && 'caseId' in refusedFact ? 'caseId' : 'vin');
  const [values, setValues] = useState<Record<Kind | 'lastName', string>>({
    vin: refusedFact && 'vin' in refusedFact ? refusedFact.vin : '',
    caseId: refusedFact && 'caseId' in refusedFact ? refusedFact.caseId : '',
    lastName: '',
  });
  const [shown, setShown] = useState({ vin: false, caseId: false, lastName: false });
  const [problem, setProblem] = useState<ProofProblem | undefined>(refused?.problem);
  const [busy, setBusy] = useState(false);

  const factError = given ? null : kind === 'vin' ? vinError(values.vin) : caseIdError(values.caseId);
  const nameError = values.lastName.trim() === '' ? 'screen.proof.lastNameRequired' : null;
  const mismatch = problem?.kind === 'mismatch' ? problem.field : undefined;
  const factMessage =
    shown[kind] && factError ? t(factError) : mismatch === kind ? t(kind === 'vin' ? 'screen.proof.vinMismatch' : 'screen.proof.caseMismatch') : null;
  const nameMessage = shown.lastName && nameError ? t(nameError) : mismatch === 'lastName' ? t('screen.proof.nameMismatch') : null;

  const edit = (field: Kind | 'lastName', next: string) => {
    setValues((all) => ({ ...all, [field]: next }));
    if (mismatch === field || (mismatch === 'token' && field !== 'lastName')) setProblem(undefined);
  };
  const focus = (field: Kind | 'lastName') => document.getElementById(`${formId}-${field}`)?.querySelector('input')?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setShown({ vin: kind === 'vin', caseId: kind === 'caseId', lastName: true });
    if (factError || nameError) {
      focus(factError ? kind : 'lastName');
      return;
    }
    const fact: ReportFact = given ?? (kind === 'vin' ? { vin: values.vin } : { caseId: values.caseId.trim() });
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await proveReport(id, fact, values.lastName.trim());
      if (!answer.proved) throw new Error('not proved');
      onProved(await fetchReport(id));
    } catch (error) {
      const next = proofProblemOf(error, factField(fact));
      setProblem(next);
      setBusy(false);
      if (next.kind === 'mismatch' && next.field !== 'token') focus(next.field === 'lastName' ? 'lastName' : kind);
    }
  };

  const alert =
    problem?.kind === 'limited'
      ? t('screen.proof.limited', { wait: formatWait(problem.seconds ?? 3600, i18n.language) })
      : problem?.kind === 'failed'
        ? t('screen.proof.failed')
        : mismatch === 'token'
          ? t('screen.proof.tokenRefused')
          : null;
  const knownVehicle = check.status === 'known' ? check.vehicle : undefined;
  const text = !given ? t('screen.proof.text') : knownVehicle !== undefined || 'vin' in given ? t('screen.proof.knownText') : t('screen.proof.knownCase');

  return (
    <section className="report-section proof card" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('screen.proof.title')}</h2>
      <p>{text}</p>
      <form className="proof__form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={`${formId}-privacy`}>
        {!given && (
          <>
            <fieldset className="proof__kinds">
              <legend className="field__label">{t('screen.proof.kind')}</legend>
              {(['vin', 'caseId'] as const).map((option) => (
                <label key={option} className="choice proof__kind">
                  <input
                    className="choice__input"
                    type="radio"
                    name={`${formId}-kind`}
                    value={option}
                    checked={kind === option}
                    onChange={() => {
                      setKind(option);
                      if (mismatch === 'vin' || mismatch === 'caseId') setProblem(undefined);
                    }}
                  />
                  <span className="choice__box" aria-hidden="true" />
                  {t(option === 'vin' ? 'screen.proof.vin' : 'screen.proof.caseId')}
                </label>
              ))}
            </fieldset>
            <div id={`${formId}-${kind}`} key={kind}>
              {kind === 'vin' ? (
                <VinField
                  value={values.vin}
                  onChange={(v) => edit('vin', v)}
                  onBlur={() => setShown((all) => ({ ...all, vin: true }))}
                  error={factMessage}
                  busy={busy}
                />
              ) : (
                <CaseIdField
                  value={values.caseId}
                  onChange={(v) => edit('caseId', v)}
                  onBlur={() => setShown((all) => ({ ...all, caseId: true }))}
                  error={factMessage}
                  busy={busy}
                />
              )}
            </div>
          </>
        )}
        <div id={`${formId}-lastName`}>
          <LastNameField
            value={values.lastName}
            onChange={(v) => edit('lastName', v)}
            onBlur={() => setShown((all) => ({ ...all, lastName: true }))}
            error={nameMessage}
            busy={busy}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy || undefined}>
          {busy ? t('screen.proof.checking') : t('screen.proof.submit')}
        </button>
        <div role="alert" className="proof__alert">
          {alert && <p className="report-alert report-alert--error">{alert}</p>}
        </div>
        {given && (
          <button type="button" className="proof__other" onClick={onForget}>
            {t('screen.proof.otherWay')}
          </button>
        )}
      </form>
      <p id={`${formId}-privacy`} className="muted">
        {t('screen.proof.privacy')}
      </p>
    </section>
  );
}

interface FieldProps {
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error: string | null;
  busy: boolean;
}

function CaseIdField(props: FieldProps) {
  const { t } = useTranslation(['locate']);
  return <HintedField {...props} name="caseId" label={t('locate:caseId.label')} hint={t('locate:caseId.hint')} autoComplete="off" />;
}

function LastNameField(props: FieldProps) {
  const { t } = useTranslation(['report']);
  return (
    <HintedField
      {...props}
      name="lastName"
      label={t('screen.proof.lastName')}
      hint={t('screen.proof.lastNameHint')}
      autoComplete="family-name"
      maxLength={80}
    />
  );
}

/** A text field with a hint under it, read only while the proof is checked. */
function HintedField({
  value,
  onChange,
  onBlur,
  error,
  busy,
  name,
  label,
  hint,
  autoComplete,
  maxLength,
}: FieldProps & { name: string; label: string; hint: string; autoComplete: string; maxLength?: number }) {
  const hintId = useId();
  return (
    <>
      <TextField
        name={name}
        label={label}
        value={value}
        valid={false}
        validLabel=""
        error={error}
        hintId={hintId}
        type="text"
        autoComplete={autoComplete}
        spellCheck={false}
        maxLength={maxLength}
        readOnly={busy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <p id={hintId} className="field__help">
        {hint}
      </p>
    </>
  );
}
