// The home screen of the accident-information service: finding one's report first, then being notified when it is
// filed, the claim calculator and a free consultation, then every funnel; a report's short link (/{id}) puts that
// report's card on top.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportIcon } from '../../../widgets/locate/locate-icons.tsx';
import { FunnelLinks } from '../../layout/FunnelLinks.tsx';
import { LangLink } from '../../layout/LangLink.tsx';
import { HOME_FUNNELS, SITE_LINKS } from '../../layout/site-links.ts';
import { BellIcon, GaugeIcon, TalkIcon } from './home-icons.tsx';
import './home.css';
import { usePageTitle } from '../../layout/use-page-title.ts';

interface Action {
  key: 'find' | 'notify' | 'calculate' | 'consult';
  to: string;
  Icon: () => ReactNode;
}

const ACTIONS: Action[] = [
  { key: 'find', to: SITE_LINKS.findReport, Icon: ReportIcon },
  { key: 'notify', to: SITE_LINKS.notify, Icon: BellIcon },
  { key: 'calculate', to: SITE_LINKS.calculate, Icon: GaugeIcon },
  { key: 'consult', to: SITE_LINKS.consult, Icon: TalkIcon },
];

/**
 * `top`: a report's card, shown first with the page's h1 (the home screen's title then is a second-level heading), and
 * `title`, the document's title then.
 */
export function HomePage({ top, title }: { top?: ReactNode; title?: string }) {
  const { t } = useTranslation(['search', 'app']);
  const Title = top ? 'h2' : 'h1';
  const Sub = top ? 'h3' : 'h2';

  usePageTitle(title ?? t('search:home.title'));

  return (
    <section className="page home">
      {top}
      <Title className="home__title">{t('search:home.title')}</Title>
      <p className="home__lead">{t('search:home.text')}</p>
      <ul className="home-actions" aria-label={t('search:home.actions')}>
        {ACTIONS.map(({ key, to, Icon }, i) => (
          <li key={key} className={i === 0 ? 'home-action home-action--first' : 'home-action'}>
            <span className="home-action__icon" aria-hidden="true">
              <Icon />
            </span>
            <div className="home-action__body">
              <Sub className="home-action__title">{t(`search:home.${key}.title`)}</Sub>
              <p className="home-action__text">{t(`search:home.${key}.text`)}</p>
              {key === 'find' && <p className="home-action__note">{t('search:results.delay')}</p>}
            </div>
            <LangLink to={to} className={i === 0 ? 'btn btn-primary home-action__go' : 'btn btn-secondary home-action__go'}>
              {t(`search:home.${key}.action`)}
            </LangLink>
          </li>
        ))}
      </ul>
      <p className="home__near">
        <LangLink to={SITE_LINKS.nearMe} className="text-link">
          {t('search:home.nearMe')}
        </LangLink>
      </p>
      <h2 className="home__more">{t('search:home.more')}</h2>
      <FunnelLinks exclude={HOME_FUNNELS} />
    </section>
  );
}

export default HomePage;
