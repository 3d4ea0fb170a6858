// "Is this your accident?": the VIN of the visitor's vehicle or the report's case ID, checked by the API; on a match
// the page shows the full report (ReportPage keeps the proof).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../widgets/fields/TextField.tsx';
import { caseIdError, vinError } from '../../../widgets/locate/checks.ts';
import { VinField } from '../../../widgets/locate/VinField.tsx';
import { fetchReport, type Report, type ReportProof } from '../../api/reports.ts';
import { formatWait } from '../../funnel/format-wait.ts';
import { proofProblemOf, type ProofProblem } from './use-report.ts';

type Kind = 'vin' | 'caseId';

interface ProofFormProps {
  id: string;
  /** A proof from the URL or this tab that the API refused: shown filled in, with why. */
  refused?: { proof: ReportProof; problem: ProofProblem };
  onProved: (proof: ReportProof, report: Report) => void;
}

export function ProofForm({ id, refused, onProved }: ProofFormProps) {
  const { t, i18n } = useTranslation(['report', 'locate', 'errors']);
  const formId = useId();
  const refusedKind: Kind | undefined = refused && ('vin' in refused.proof ? 'vin' : 'caseId');
  const [kind, setKind] = useState<Kind>(refusedKind ?? 'vin');
  const [values, setValues] = useState<Record<Kind, string>>({
    vin: refused && 'vin' in refused.proof ? refused.proof.vin : '',
    caseId: refused && 'caseId' in refused.proof ? refused.proof.caseId : '',
  });
  const [shown, setShown] = useState<Record<Kind, boolean>>({ vin: false, caseId: false });
  const [problem, setProblem] = useState<ProofProblem | undefined>(refused?.problem);
  const [busy, setBusy] = useState(false);

  const value = values[kind];
  const invalid = kind === 'vin' ? vinError(value) : caseIdError(value);
  const mismatch = problem?.kind === 'mismatch' && problem.field === kind;
  const fieldError = shown[kind] && invalid ? t(invalid) : mismatch ? t(kind === 'vin' ? 'screen.proof.vinMismatch' : 'screen.proof.caseMismatch') : null;

  const edit = (next: string) => {
    setValues((all) => ({ ...all, [kind]: next }));
    if (mismatch) setProblem(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setShown((all) => ({ ...all, [kind]: true }));
    if (invalid) {
      document.getElementById(`${formId}-${kind}`)?.querySelector('input')?.focus();
      return;
    }
    const proof: ReportProof = kind === 'vin' ? { vin: value } : { caseId: value.trim() };
    setBusy(true);
    setProblem(undefined);
    try {
      onProved(proof, await fetchReport(id, proof));
    } catch (error) {
      setProblem(proofProblemOf(error, proof));
      setBusy(false);
    }
  };

  const alert =
    problem?.kind === 'limited'
      ? t('screen.proof.limited', { wait: formatWait(problem.seconds ?? 3600, i18n.language) })
      : problem?.kind === 'failed'
        ? t('screen.proof.failed')
        : null;

  return (
    <section className="report-section proof card" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('screen.proof.title')}</h2>
      <p>{t('screen.proof.text')}</p>
      <form className="proof__form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={`${formId}-privacy`}>
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
                  if (problem?.kind === 'mismatch') setProblem(undefined);
                }}
              />
              <span className="choice__box" aria-hidden="true" />
              {t(option === 'vin' ? 'screen.proof.vin' : 'screen.proof.caseId')}
            </label>
          ))}
        </fieldset>
        <div id={`${formId}-${kind}`} key={kind}>
          {kind === 'vin' ? (
            <VinField value={value} onChange={edit} onBlur={() => setShown((all) => ({ ...all, vin: true }))} error={fieldError} busy={busy} />
          ) : (
            <CaseIdField value={value} onChange={edit} onBlur={() => setShown((all) => ({ ...all, caseId: true }))} error={fieldError} busy={busy} />
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy || undefined}>
          {busy ? t('screen.proof.checking') : t('screen.proof.submit')}
        </button>
        <div role="alert" className="proof__alert">
          {alert && <p className="report-alert report-alert--error">{alert}</p>}
        </div>
      </form>
      <p id={`${formId}-privacy`} className="muted">
        {t('screen.proof.privacy')}
      </p>
    </section>
  );
}

function CaseIdField({ value, onChange, onBlur, error, busy }: { value: string; onChange: (v: string) => void; onBlur: () => void; error: string | null; busy: boolean }) {
  const { t } = useTranslation(['locate']);
  const hintId = useId();
  return (
    <>
      <TextField
        name="caseId"
        label={t('locate:caseId.label')}
        value={value}
        valid={false}
        validLabel=""
        error={error}
        hintId={hintId}
        type="text"
        autoComplete="off"
        spellCheck={false}
        readOnly={busy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <p id={hintId} className="field__help">
        {t('locate:caseId.hint')}
      </p>
    </>
  );
}
