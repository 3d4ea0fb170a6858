// The text pages: about, and the legal pages of issue 34 (terms of use, privacy policy, text message terms, disclaimer,
// accessibility), worded from what the server says the site does (GET /api/legal: the operator, what each funnel
// collects, who may receive it, retention as configured), so they cannot drift from it. One chunk, fetched with its
// route; the copy is the privacy catalogue's `legal`.
import { Trans, useTranslation } from 'react-i18next';
import { listOf } from '../../../engine/consent-notice.ts';
import { TEXT_PAGE_COPY, type TextPage } from '../../../engine/site-pages.ts';
import '../../../widgets/shared/ui.css';
import type { LegalFacts } from '../../api/legal.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { operatorCopy, useLegalFacts, type OperatorCopy } from './operator.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** What the copy interpolates: the operator's words and the configured periods. */
type Values = OperatorCopy & LegalFacts['retention'] & { alertDays: number };

export default function LegalPage({ page }: { page: TextPage }) {
  const { t } = useTranslation(['privacy', 'app']);
  const { state, retry } = useLegalFacts();
  const key = TEXT_PAGE_COPY[page];
  usePageTitle(t(`${key}.title`));
  return (
    <article className="page legal">
      <h1>{t(`${key}.title`)}</h1>
      {state.kind === 'loading' && <p role="status">{t('legal.loading')}</p>}
      {state.kind === 'failed' && (
        <>
          <p role="alert">{t('legal.failed')}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={retry}>
            {t('legal.retry')}
          </button>
        </>
      )}
      {state.kind === 'shown' && <Body page={page} facts={state.facts} />}
    </article>
  );
}

function Body({ page, facts }: { page: TextPage; facts: LegalFacts }) {
  const { t } = useTranslation(['privacy', 'app']);
  const values: Values = { ...operatorCopy(facts.operator, t), ...facts.retention, alertDays: facts.sms.alertDays };
  return (
    <>
      {facts.operator.demo && <p className="legal__demo">{t('app:operator.demo')}</p>}
      {page === 'about' && <About />}
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
        <p className="legal__generated">{t('legal.generated')}</p>
      </footer>
    </>
  );
}

function About() {
  const { t } = useTranslation('app');
  const paragraphs = t('pages.about.paragraphs', { returnObjects: true }) as string[];
  return paragraphs.map((text) => <p key={text}>{text}</p>);
}

/** One string of the catalogue with its links: the operator's phone and e-mail, and the other legal pages. */
function Text({ k, values }: { k: string; values: Values }) {
  const { t } = useTranslation('privacy');
  const page = (to: string) => <LangLink to={to}>{null}</LangLink>;
  return (
    <Trans
      t={t}
      i18nKey={`legal.${k}`}
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
  const { t } = useTranslation('privacy');
  const sections = t(`legal.${k}.sections`, { returnObjects: true }) as { title: string; paragraphs: string[] }[];
  return sections.map((section, i) => (
    <section key={section.title}>
      <h2>{t(`legal.${k}.sections.${i}.title`, values)}</h2>
      {section.paragraphs.map((paragraph, j) => (
        <p key={paragraph}>
          <Text k={`${k}.sections.${i}.paragraphs.${j}`} values={values} />
        </p>
      ))}
    </section>
  ));
}

function PrivacyPolicy({ facts, values }: { facts: LegalFacts; values: Values }) {
  const { t, i18n } = useTranslation(['privacy', ...new Set(facts.funnels.map((funnel) => funnel.namespace))]);
  const list = (items: string[]) => listOf(items, i18n.language);
  const kinds = [...new Set(facts.funnels.flatMap((funnel) => funnel.collects.map((group) => group.kind)))];
  return (
    <>
      <p>{t('legal.privacy.intro', values)}</p>
      <h2>{t('legal.privacy.collect.title')}</h2>
      <p>{t('legal.privacy.collect.intro')}</p>
      {facts.funnels.map((funnel) => (
        <section key={funnel.id} className="legal__funnel">
          <h3>{t(`${funnel.namespace}:meta.title`)}</h3>
          <ul>
            {funnel.collects.map((group) => (
              <li key={group.kind}>
                <strong>{t(`legal.privacy.kinds.${group.kind}.title`)}</strong>:{' '}
                {list(group.fields.map((field) => t(`legal.privacy.fields.${field}`, { defaultValue: field })))}
              </li>
            ))}
          </ul>
          <p>{funnel.sponsors.length > 0 ? t('legal.privacy.collect.sendsTo', { sponsors: list(funnel.sponsors) }) : t('legal.privacy.collect.sendsToNone')}</p>
        </section>
      ))}
      <h3>{t('legal.privacy.collect.why')}</h3>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>
            <strong>{t(`legal.privacy.kinds.${kind}.title`)}</strong>: {t(`legal.privacy.kinds.${kind}.why`)}
          </li>
        ))}
      </ul>
      <p>{t('legal.privacy.collect.events')}</p>
      <h2>{t('legal.privacy.share.title')}</h2>
      <p>{t('legal.privacy.share.rule')}</p>
      {facts.recipients.length > 0 ? (
        <>
          <p>{t('legal.privacy.share.byKind')}</p>
          <ul>
            {facts.recipients.map((recipient) => (
              <li key={recipient.category}>
                <strong>{t(`legal.privacy.categories.${recipient.category}`)}</strong>: {list(recipient.sponsors)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('legal.privacy.share.none')}</p>
      )}
      <p>{t('legal.privacy.share.sale')}</p>
      <p>{facts.sms.provider === 'twilio' ? t('legal.privacy.share.sms') : t('legal.privacy.share.smsNone')}</p>
      <p>{t('legal.privacy.share.others')}</p>
      <h2>{t('legal.privacy.keep.title')}</h2>
      <ul>
        <li>{t('legal.privacy.keep.codes', values)}</li>
        <li>{t('legal.privacy.keep.leads', { count: facts.retention.leadDays })}</li>
        <li>{t('legal.privacy.keep.consents', values)}</li>
        <li>{t('legal.privacy.keep.alerts', values)}</li>
        <li>{t('legal.privacy.keep.events', values)}</li>
        <li>{t('legal.privacy.keep.sponsors')}</li>
      </ul>
      <h2>{t('legal.privacy.rights.title')}</h2>
      <p>{t('legal.privacy.rights.california')}</p>
      <p>{t('legal.privacy.rights.states')}</p>
      <p>
        <Text k="privacy.rights.use" values={values} />
      </p>
      <p>
        <Text k="privacy.rights.other" values={values} />
      </p>
      <h2>{t('legal.privacy.children.title')}</h2>
      <p>{t('legal.privacy.children.text')}</p>
    </>
  );
}

function SmsTerms({ facts, values }: { facts: LegalFacts; values: Values }) {
  const { t } = useTranslation('privacy');
  return (
    <>
      <p className="legal__lead">{t('legal.sms.program', values)}</p>
      <Sections k="sms" values={values} />
      <p>{facts.sms.provider === 'twilio' ? t('legal.sms.provider') : t('legal.sms.providerNone')}</p>
    </>
  );
}

function Disclaimer({ facts, values }: { facts: LegalFacts; values: Values }) {
  const { t, i18n } = useTranslation('privacy');
  const { attorneyStates, advertisingDisclaimer } = facts.operator;
  return (
    <>
      <Sections k="disclaimer" values={values} />
      <h2>{t('legal.disclaimer.advertising')}</h2>
      {attorneyStates.length > 0 && <p>{t('legal.disclaimer.states', { states: listOf(attorneyStates, i18n.language) })}</p>}
      <p>{advertisingDisclaimer ?? t('legal.disclaimer.ownText')}</p>
    </>
  );
}
