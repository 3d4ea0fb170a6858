// The legal pages (issue 34): terms of use, privacy policy, text message terms, disclaimer and accessibility, worded
// from what the server says the site does (GET /api/legal: the operator, what each funnel collects, who may receive
// it, retention as configured), so they cannot drift from it. One chunk, fetched with its route.
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { listOf } from '../../../engine/consent-notice.ts';
import '../../../widgets/shared/ui.css';
import { useLegalFacts, type LegalFacts } from '../../api/legal.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { operatorCopy, type OperatorCopy } from '../../layout/operator.ts';
import type { LegalPageName } from './legal-pages.ts';
import './legal.css';

/** Each page's key in the legal catalogue. */
const COPY: Record<LegalPageName, 'terms' | 'privacy' | 'sms' | 'disclaimer' | 'accessibility'> = {
  terms: 'terms',
  'privacy-policy': 'privacy',
  'sms-terms': 'sms',
  disclaimer: 'disclaimer',
  accessibility: 'accessibility',
};

/** What the copy interpolates: the operator's words and the configured periods. */
type Values = OperatorCopy & LegalFacts['retention'] & { alertDays: number };

export default function LegalPage({ page }: { page: LegalPageName }) {
  const { t } = useTranslation(['legal', 'app']);
  const { state, retry } = useLegalFacts();
  const key = COPY[page];
  useEffect(() => {
    document.title = `${t(`${key}.title`)} | ${t('app:brand')}`;
  }, [t, key]);
  return (
    <article className="page legal">
      <h1>{t(`${key}.title`)}</h1>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'failed' && (
        <>
          <p role="alert">{t('failed')}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={retry}>
            {t('retry')}
          </button>
        </>
      )}
      {state.kind === 'shown' && <Body page={page} facts={state.facts} />}
    </article>
  );
}

function Body({ page, facts }: { page: LegalPageName; facts: LegalFacts }) {
  const { t } = useTranslation(['legal', 'app']);
  const values: Values = { ...operatorCopy(facts.operator, t), ...facts.retention, alertDays: facts.sms.alertDays };
  return (
    <>
      {facts.operator.demo && <p className="legal__demo">{t('app:operator.demo')}</p>}
      {page === 'terms' && <Sections k="terms" values={values} />}
      {page === 'privacy-policy' && <PrivacyPolicy facts={facts} values={values} />}
      {page === 'sms-terms' && <SmsTerms facts={facts} values={values} />}
      {page === 'disclaimer' && <Disclaimer facts={facts} values={values} />}
      {page === 'accessibility' && <Sections k="accessibility" values={values} />}
      <footer className="legal__contact">
        <p>{t('app:operator.runBy', values)}</p>
        <p>
          <Text k="contact" values={values} />
        </p>
        <p className="legal__generated">{t('generated')}</p>
      </footer>
    </>
  );
}

/** One string of the catalogue with its links: the operator's phone and e-mail, and the other legal pages. */
function Text({ k, values }: { k: string; values: Values }) {
  const { t } = useTranslation('legal');
  const page = (to: string) => <LangLink to={to}>{null}</LangLink>;
  return (
    <Trans
      t={t}
      i18nKey={k}
      values={values}
      components={{
        phone: <a href={values.phoneHref}>{values.phone}</a>,
        email: <a href={`mailto:${values.email}`}>{values.email}</a>,
        rights: page('/privacy'),
        policy: page('/privacy-policy'),
        sms: page('/sms-terms'),
        terms: page('/terms'),
        disclaimer: page('/disclaimer'),
      }}
    />
  );
}

/** A page's `sections` (title and paragraphs each) as they are in the catalogue. */
function Sections({ k, values }: { k: 'terms' | 'sms' | 'disclaimer' | 'accessibility'; values: Values }) {
  const { t } = useTranslation('legal');
  const sections = t(`${k}.sections`, { returnObjects: true }) as { title: string; paragraphs: string[] }[];
  return sections.map((section, i) => (
    <section key={section.title}>
      <h2>{t(`${k}.sections.${i}.title`, values)}</h2>
      {section.paragraphs.map((paragraph, j) => (
        <p key={paragraph}>
          <Text k={`${k}.sections.${i}.paragraphs.${j}`} values={values} />
        </p>
      ))}
    </section>
  ));
}

function PrivacyPolicy({ facts, values }: { facts: LegalFacts; values: Values }) {
  const { t, i18n } = useTranslation(['legal', ...new Set(facts.funnels.map((funnel) => funnel.namespace))]);
  const list = (items: string[]) => listOf(items, i18n.language);
  const kinds = [...new Set(facts.funnels.flatMap((funnel) => funnel.collects.map((group) => group.kind)))];
  return (
    <>
      <p>{t('privacy.intro', values)}</p>
      <h2>{t('privacy.collect.title')}</h2>
      <p>{t('privacy.collect.intro')}</p>
      {facts.funnels.map((funnel) => (
        <section key={funnel.id} className="legal__funnel">
          <h3>{t(`${funnel.namespace}:meta.title`)}</h3>
          <ul>
            {funnel.collects.map((group) => (
              <li key={group.kind}>
                <strong>{t(`privacy.kinds.${group.kind}.title`)}</strong>:{' '}
                {list(group.fields.map((field) => t(`privacy.fields.${field}`, { defaultValue: field })))}
              </li>
            ))}
          </ul>
          <p>{funnel.sponsors.length > 0 ? t('privacy.collect.sendsTo', { sponsors: list(funnel.sponsors) }) : t('privacy.collect.sendsToNone')}</p>
        </section>
      ))}
      <h3>{t('privacy.collect.why')}</h3>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>
            <strong>{t(`privacy.kinds.${kind}.title`)}</strong>: {t(`privacy.kinds.${kind}.why`)}
          </li>
        ))}
      </ul>
      <p>{t('privacy.collect.events')}</p>
      <h2>{t('privacy.share.title')}</h2>
      <p>{t('privacy.share.rule')}</p>
      {facts.recipients.length > 0 ? (
        <>
          <p>{t('privacy.share.byKind')}</p>
          <ul>
            {facts.recipients.map((recipient) => (
              <li key={recipient.category}>
                <strong>{t(`privacy.categories.${recipient.category}`)}</strong>: {list(recipient.sponsors)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('privacy.share.none')}</p>
      )}
      <p>{t('privacy.share.sale')}</p>
      <p>{facts.sms.provider === 'twilio' ? t('privacy.share.sms') : t('privacy.share.smsNone')}</p>
      <p>{t('privacy.share.others')}</p>
      <h2>{t('privacy.keep.title')}</h2>
      <ul>
        <li>{t('privacy.keep.codes', values)}</li>
        <li>{t('privacy.keep.leads', { count: facts.retention.leadDays })}</li>
        <li>{t('privacy.keep.consents', values)}</li>
        <li>{t('privacy.keep.alerts', values)}</li>
        <li>{t('privacy.keep.events', values)}</li>
        <li>{t('privacy.keep.sponsors')}</li>
      </ul>
      <h2>{t('privacy.rights.title')}</h2>
      <p>{t('privacy.rights.california')}</p>
      <p>{t('privacy.rights.states')}</p>
      <p>
        <Text k="privacy.rights.use" values={values} />
      </p>
      <p>
        <Text k="privacy.rights.other" values={values} />
      </p>
      <h2>{t('privacy.children.title')}</h2>
      <p>{t('privacy.children.text')}</p>
    </>
  );
}

function SmsTerms({ facts, values }: { facts: LegalFacts; values: Values }) {
  const { t } = useTranslation('legal');
  return (
    <>
      <p className="legal__lead">{t('sms.program', values)}</p>
      <Sections k="sms" values={values} />
      <p>{facts.sms.provider === 'twilio' ? t('sms.provider') : t('sms.providerNone')}</p>
    </>
  );
}

function Disclaimer({ facts, values }: { facts: LegalFacts; values: Values }) {
  const { t, i18n } = useTranslation('legal');
  const { attorneyStates, advertisingDisclaimer } = facts.operator;
  return (
    <>
      <Sections k="disclaimer" values={values} />
      <h2>{t('disclaimer.advertising')}</h2>
      {attorneyStates.length > 0 && <p>{t('disclaimer.states', { states: listOf(attorneyStates, i18n.language) })}</p>}
      <p>{advertisingDisclaimer ?? t('disclaimer.ownText')}</p>
    </>
  );
}
