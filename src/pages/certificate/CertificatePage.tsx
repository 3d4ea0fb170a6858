// /certificates/{id}: a lead's consent certificate for the person who gave the consent (or anyone with the link): what
// was agreed to, when, where and how, who only as fingerprints, and how to check the signature.
import { useTranslation } from 'react-i18next';
import type { CertificateFacts, SignedCertificate } from '../../api/certificates.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { useCertificate } from './use-certificate.ts';
// The report screen's label/value rows (.facts), and this page's own layout.
import '../report/report.css';
import './certificate.css';
import { dateTimeFormat } from '../../../engine/languages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

function Facts({ rows }: { rows: [label: string, value: string | null][] }) {
  const { t } = useTranslation('certificate');
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd className={value === null ? 'facts__none' : undefined}>{value ?? t('context.none')}</dd>
        </div>
      ))}
    </dl>
  );
}

function Certificate({ certificate, facts }: { certificate: SignedCertificate; facts: CertificateFacts }) {
  const { t, i18n } = useTranslation('certificate');
  const when = (iso: string | null) => (iso === null ? null : dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'long' }).format(new Date(iso)));
  const language = t(`languages.${facts.consentLanguage}`, { defaultValue: facts.consentLanguage });
  return (
    <>
      <p className="certificate__lede">{t('lede')}</p>
      <section aria-labelledby="certificate-agreed">
        <h2 id="certificate-agreed">{t('agreed.title')}</h2>
        <p>{t('agreed.intro')}</p>
        <blockquote className="certificate__wording" lang={facts.consentLanguage}>
          {facts.consentText}
        </blockquote>
      </section>
      <section aria-labelledby="certificate-context">
        <h2 id="certificate-context">{t('context.title')}</h2>
        <Facts
          rows={[
            [t('context.consentedAt'), when(facts.consentedAt)],
            [t('context.phoneVerifiedAt'), when(facts.phoneVerifiedAt)],
            [t('context.language'), language],
            [t('context.wording'), t('context.wordingValue', { version: facts.wordingVersion, sha256: facts.wordingSha256 })],
            [t('context.form'), facts.flowId === null ? null : t('context.formValue', { id: facts.flowId, version: facts.flowVersion })],
            [t('context.page'), facts.pageUrl],
            [t('context.ip'), facts.ip],
            [t('context.browser'), facts.userAgent],
          ]}
        />
      </section>
      <section aria-labelledby="certificate-person">
        <h2 id="certificate-person">{t('person.title')}</h2>
        <p>{t('person.intro')}</p>
        <Facts
          rows={[
            [t('person.lead'), String(facts.leadId)],
            [t('person.phone'), facts.phoneSha256],
            [t('person.email'), facts.emailSha256],
          ]}
        />
      </section>
      <section aria-labelledby="certificate-check">
        <h2 id="certificate-check">{t('check.title')}</h2>
        <p>{t('check.text', { keyId: certificate.keyId })}</p>
        <p>
          <a href="/.well-known/claimflow-keys" className="btn btn-secondary btn-block">
            {t('check.keys')}
          </a>
        </p>
        <details className="certificate__signed">
          <summary>{t('check.signed')}</summary>
          <pre lang="zxx">{JSON.stringify(certificate, null, 2)}</pre>
        </details>
      </section>
      <p className="certificate__issued">{t('issued', { id: facts.certificateId, date: when(facts.issuedAt) })}</p>
    </>
  );
}

/** Keyed by id where it is routed: another certificate is another page. */
export default function CertificatePage({ id }: { id: string }) {
  const { t } = useTranslation(['certificate', 'app']);
  const { state, retry } = useCertificate(id);
  const title = state.kind === 'unknown' ? t('unknown.title') : t('title');
  usePageTitle(title);

  return (
    <article className="page certificate" aria-busy={state.kind === 'loading'}>
      <h1>{title}</h1>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'failed' && (
        <>
          <p role="alert">{t('failed')}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={retry}>
            {t('retry')}
          </button>
        </>
      )}
      {state.kind === 'shown' && <Certificate certificate={state.certificate} facts={state.facts} />}
      {state.kind === 'unknown' && (
        <>
          <p>{t('unknown.text')}</p>
          <p>
            <LangLink to="/" className="btn btn-secondary btn-block">
              {t('unknown.home')}
            </LangLink>
          </p>
        </>
      )}
    </article>
  );
}
