// A page that offers every funnel: the home page, and the not-found page for a wrong address.
import { useTranslation } from 'react-i18next';
import { FunnelLinks } from '../layout/FunnelLinks.tsx';
import { LangLink } from '../layout/LangLink.tsx';

export function LinksPage({ copy }: { copy: 'home' | 'notFound' }) {
  const { t } = useTranslation('app');
  return (
    <section className="page">
      <h1>{t(`${copy}.title`)}</h1>
      <p>{t(`${copy}.text`)}</p>
      <FunnelLinks />
      {copy === 'notFound' && (
        <p>
          <LangLink to="/">{t('notFound.home')}</LangLink>
        </p>
      )}
    </section>
  );
}
