// What is kept about the verified phone (requests as stored, report alerts, consents) and its erasure, asked twice: a
// button, then a confirmation that says what goes and what the law makes us keep.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeLabel } from '../../../engine/vehicle-make.ts';
import type { Erasure, PrivacyData } from '../../api/privacy.ts';
import { erasePrivacyData } from '../../api/privacy.ts';
import { LeadRecord } from './LeadRecord.tsx';
import { dateTimeFormat } from '../../../engine/languages.ts';

const dateOf = (iso: string, language: string) => dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
/** A date-only value (2024-05-01) as that calendar day, whatever the browser's zone. */
const dayOf = (day: string, language: string) => dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export function YourData({ data, onErased }: { data: PrivacyData; onErased: (erasure: Erasure) => void }) {
  const { t, i18n } = useTranslation('privacy');
  const lang = i18n.language;
  return (
    <>
      <section aria-labelledby="privacy-leads">
        <h3 id="privacy-leads">{t('data.leads')}</h3>
        {data.leads.length === 0 ? (
          <p>{t('data.noLeads')}</p>
        ) : (
          <ul className="privacy__list">
            {data.leads.map((lead) => (
              <LeadRecord key={lead.id} lead={lead} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="privacy-alerts">
        <h3 id="privacy-alerts">{t('data.alerts')}</h3>
        {data.alerts.length === 0 ? (
          <p>{t('data.noAlerts')}</p>
        ) : (
          <ul className="privacy__list">
            {data.alerts.map((alert) => (
              <li key={alert.id}>
                <p className="privacy__item-title">
                  {alert.vin
                    ? t('data.alertVin', { vin: alert.vin })
                    : alert.caseNumber
                      ? t('data.alertCase', { caseNumber: alert.caseNumber, state: alert.state })
                      : t('data.alertPlace', {
                          year: alert.year,
                          make: alert.make ? makeLabel(alert.make, t) : alert.make,
                          date: alert.onDate ? dayOf(alert.onDate, lang) : '',
                          radius: alert.radius,
                          place: alert.location ? `${alert.location.lat}, ${alert.location.lng}` : '',
                        })}
                </p>
                <p className="muted">{alert.active ? t('data.alertActive', { date: dateOf(alert.expiresAt, lang) }) : t('data.alertEnded')}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="privacy-consents">
        <h3 id="privacy-consents">{t('data.consents')}</h3>
        {data.consents.length === 0 ? (
          <p>{t('data.noConsents')}</p>
        ) : (
          <ul className="privacy__list">
            {data.consents.map((consent, i) => (
              <li key={`${consent.givenAt} ${i}`}>
                <p className="privacy__item-title">{t('data.consent', { date: dateOf(consent.givenAt, lang) })}</p>
                <details>
                  <summary>{t('data.wording')}</summary>
                  <blockquote className="privacy__wording">{consent.wording}</blockquote>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Erase onErased={onErased} />
    </>
  );
}

function Erase({ onErased }: { onErased: (erasure: Erasure) => void }) {
  const { t } = useTranslation('privacy');
  const [step, setStep] = useState<'ask' | 'confirm' | 'busy' | 'failed'>('ask');
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  const erase = async () => {
    if (step === 'busy') return;
    setStep('busy');
    try {
      onErased(await erasePrivacyData());
    } catch {
      setStep('failed');
    }
  };

  return (
    <section className="privacy__erase" aria-labelledby="privacy-erase">
      <h3 id="privacy-erase">{t('erase.title')}</h3>
      <p>{t('erase.text')}</p>
      <p>{t('erase.kept')}</p>
      {step === 'ask' ? (
        <button
          ref={startButton}
          type="button"
          className="btn btn-danger btn-block"
          onClick={() => {
            setStep('confirm');
            requestAnimationFrame(() => confirmHeading.current?.focus());
          }}
        >
          {t('erase.start')}
        </button>
      ) : (
        <div className="privacy__confirm" role="group" aria-labelledby="privacy-confirm">
          <h4 id="privacy-confirm" ref={confirmHeading} tabIndex={-1}>
            {t('erase.confirmTitle')}
          </h4>
          <p>{t('erase.confirmText')}</p>
          {step === 'failed' && <p role="alert">{t('failed')}</p>}
          <button type="button" className="btn btn-danger btn-block" aria-disabled={step === 'busy'} onClick={() => void erase()}>
            {step === 'busy' ? t('erase.deleting') : t('erase.confirm')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => {
              setStep('ask');
              requestAnimationFrame(() => startButton.current?.focus());
            }}
          >
            {t('erase.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
