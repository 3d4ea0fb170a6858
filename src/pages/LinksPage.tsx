// The not-found page for a wrong address: it offers every funnel and the home page.
import { useTranslation } from 'react-i18next';
import { FunnelLinks } from '../layout/FunnelLinks.tsx';
import { LangLink } from '../layout/LangLink.tsx';

export function LinksPage({ copy }: { copy: 'notFound' }) {
  const { t } = useTranslation('app');
  return (
    <section className="page">
      <h1>{t(`${copy}.title`)}</h1>
      <p>{t(`${copy}.text`)}</p>
      <FunnelLinks />
      <p>
        <LangLink to="/">{t(`${copy}.home`)}</LangLink>
      </p>
    </section>
  );
}
