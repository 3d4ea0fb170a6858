// A report as the visitor may see it: heading with when and where, the PDF and share link, the public facts, then the
// full report for the people involved or the form to prove it, and the way on.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { markStepShown } from '../../funnel/step-shown.ts';
import { useTranslation } from 'react-i18next';
import type { Report, ReportVehicle } from '../../api/reports.ts';
import { CrashFacts, PrivateCrashFacts } from './CrashFacts.tsx';
import { localDateTime } from './format.ts';
import { useCalendar } from './use-calendar.ts';
import { NextSteps } from './NextSteps.tsx';
import { takeProved } from './proof-store.ts';
import { ReportActions } from './ReportActions.tsx';
import { ShieldIcon } from './report-icons.tsx';
import type { FactCheck } from './use-first-fact.ts';
import { VehicleCard } from './VehicleCard.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export const PROOF_FORM_ID = 'report-proof';

type ProofFormType = (typeof import('./ProofForm.tsx'))['ProofForm'];

interface ReportViewProps {
  report: Report;
  /** The first fact of the visitor's proof the page has, and what the API said of it. */
  check: FactCheck;
  onForget: () => void;
  onProved: (report: Report) => void;
  /** Opened through a business partner's link (/business/{id}/{userId}). */
  business?: boolean;
}

/** The header's "Were you in this accident?" link: to the form, and into its field (ready to type). */
function toProofForm(event: MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(PROOF_FORM_ID);
  const field = form?.querySelector<HTMLInputElement>('input:not([type="radio"])');
  if (!form || !field) return;
  event.preventDefault();
  const smooth = typeof window.matchMedia === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  form.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  field.focus({ preventScroll: true });
}

export function ReportView({ report, check, onForget, onProved, business = false }: ReportViewProps) {
  const { t } = useTranslation(['report', 'app']);
  const when = localDateTime(report.occurredAt, useCalendar());
  const place = `${report.city}, ${report.state}`;
  const involvedNote = useRef<HTMLParagraphElement>(null);
  // The visitor's vehicle: the one their proof named, else the one of the VIN they gave (the form asks a last name).
  const yours = (vehicle: ReportVehicle) => ('yours' in vehicle ? vehicle.yours : check.status === 'known' && check.vehicle === vehicle.unit);

  // The form that had focus is gone once the full report opens: focus goes to the line that says it opened.
  useEffect(() => {
    if (report.involved && takeProved()) involvedNote.current?.focus();
  }, [report.involved]);

  // The screen's own "shown" mark, as a funnel step has: what the benchmark counts the first screen's bytes up to. The
  // proof form, under the facts and the vehicles (below a phone's first screen), is loaded after it.
  const [ProofForm, setProofForm] = useState<ProofFormType>();
  useEffect(() => {
    markStepShown('report');
    void import('./ProofForm.tsx').then((m) => setProofForm(() => m.ProofForm));
  }, []);

  usePageTitle(t('screen.pageTitle', { place }));

  return (
    <article className="page report" aria-labelledby="report-title">
      <header className="report-header">
        <h1 id="report-title">{t('screen.title')}</h1>
        <p className="report-lede">{when ? t('screen.lede', { date: when.date, time: when.time, place }) : place}</p>
        {report.demo && (
          <p className="demo-note">
            <strong className="demo-note__badge">{t('screen.demo.badge')}</strong> {t('screen.demo.text')}
          </p>
        )}
        {business && (
          <p className="report-alert report-business">
            <span className="report-alert__title">{t('screen.business.title')}</span> {t('screen.business.text')}
          </p>
        )}
        {report.involved ? (
          <p ref={involvedNote} tabIndex={-1} className="report-alert report-alert--success report-involved">
            <ShieldIcon />
            <span>{t('screen.involved')}</span>
          </p>
        ) : (
          <p className="report-public">
            {t('screen.publicOnly')}{' '}
            <a href={`#${PROOF_FORM_ID}`} onClick={toProofForm}>
              {t(check.status === 'known' ? 'screen.proofLinkKnown' : 'screen.proofLink')}
            </a>
          </p>
        )}
        <ReportActions id={report.id} />
      </header>
      <CrashFacts report={report} />
      {report.involved && <PrivateCrashFacts report={report} />}
      <section className="report-section" aria-labelledby="report-vehicles">
        <h2 id="report-vehicles">{t('fields.vehicles')}</h2>
        <div className="vehicles">
          {report.vehicles.map((vehicle) => (
            <VehicleCard key={vehicle.unit} vehicle={vehicle} yours={yours(vehicle)} />
          ))}
        </div>
      </section>
      {!report.involved && (
        <div id={PROOF_FORM_ID} className="report-anchor">
          {ProofForm && (
            <ProofForm
              key={check.status === 'refused' || check.status === 'none' ? check.status : 'given'}
              id={report.id}
              check={check}
              onForget={onForget}
              onProved={onProved}
            />
          )}
        </div>
      )}
      <NextSteps />
    </article>
  );
}
