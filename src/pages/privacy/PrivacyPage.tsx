// /privacy: a person's privacy choices, with a link to the policy (/privacy-policy), then their own data (CCPA/CPRA's
// rights to know and to delete): they prove their phone by a texted code, see what is kept about it, and delete it.
// The verification opens the data for 15 minutes.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../widgets/shared/ui.css';
import '../../../widgets/contact/contact.css';
import { ApiError } from '../../api/client.ts';
import { readPrivacyData, type Erasure, type PrivacyData } from '../../api/privacy.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { flowNamespace } from './LeadRecord.tsx';
import { displayNational, ProvePhone } from './ProvePhone.tsx';
import { YourData } from './YourData.tsx';
import './privacy.css';
import { usePageTitle } from '../../layout/use-page-title.ts';

type State =
  { kind: 'prove'; expired: boolean } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'shown'; data: PrivacyData } | { kind: 'erased'; erasure: Erasure };

export default function PrivacyPage() {
  const { t, i18n } = useTranslation(['privacy', 'app']);
  const [state, setState] = useState<State>({ kind: 'prove', expired: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const paragraphs = t('app:pages.privacy.paragraphs', { returnObjects: true }) as string[];

  usePageTitle(t('app:pages.privacy.title'));

  /** The section's new content is announced by moving focus to its heading. */
  const show = (next: State) => {
    setState(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const data = await readPrivacyData();
      // Each request is named by its funnel's title, from that funnel's copy.
      const namespaces = data.leads.map((lead) => flowNamespace(lead.flowId)).filter((ns) => ns !== undefined);
      await i18n.loadNamespaces(namespaces).catch(() => undefined);
      show({ kind: 'shown', data });
    } catch (error) {
      show(error instanceof ApiError && error.status === 403 ? { kind: 'prove', expired: true } : { kind: 'failed' });
    }
  };

  const title =
    state.kind === 'erased'
      ? t('done.title')
      : state.kind === 'shown'
        ? t('data.title', { phone: displayNational(state.data.phone.replace(/^\+1/, '')) })
        : t('yourData.title');
  return (
    <article className="page privacy">
      <h1>{t('app:pages.privacy.title')}</h1>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p>
        <LangLink to="/privacy-policy" className="text-link privacy__policy">
          {t('app:pages.privacy.policy')}
        </LangLink>
      </p>
      <section className="privacy__panel" aria-labelledby="privacy-yours" aria-busy={state.kind === 'loading'}>
        <h2 id="privacy-yours" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {state.kind === 'prove' && (
          <>
            {state.expired && <p role="alert">{t('expired')}</p>}
            <ProvePhone onVerified={() => void load()} />
          </>
        )}
        {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
        {state.kind === 'failed' && (
          <>
            <p role="alert">{t('failed')}</p>
            <button type="button" className="btn btn-primary btn-block" onClick={() => void load()}>
              {t('retry')}
            </button>
          </>
        )}
        {state.kind === 'shown' && <YourData data={state.data} onErased={(erasure) => show({ kind: 'erased', erasure })} />}
        {state.kind === 'erased' && <Erased erasure={state.erasure} />}
      </section>
    </article>
  );
}

function Erased({ erasure }: { erasure: Erasure }) {
  const { t } = useTranslation('privacy');
  const { leads, alerts } = erasure.erased;
  return (
    <>
      <p role="status">{t('done.erased', { leads: t('done.requests', { count: leads }), alerts: t('done.alerts', { count: alerts }) })}</p>
      {erasure.sponsorsTold > 0 && <p>{t('done.sponsors')}</p>}
      {erasure.consentsKept > 0 && <p>{t('done.kept', { count: erasure.consentsKept })}</p>}
      <p>
        <LangLink to="/" className="btn btn-secondary btn-block">
          {t('done.home')}
        </LangLink>
      </p>
    </>
  );
}
