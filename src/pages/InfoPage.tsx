// A page of plain text from the app catalogue: about, terms, disclaimer (privacy has a page of its own).
import { useTranslation } from 'react-i18next';
import type { TEXT_PAGES } from '../../engine/site-pages.ts';

export function InfoPage({ page }: { page: (typeof TEXT_PAGES)[number] }) {
  const { t } = useTranslation('app');
  const paragraphs = t(`pages.${page}.paragraphs`, { returnObjects: true }) as string[];
  return (
    <section className="page">
      <h1>{t(`pages.${page}.title`)}</h1>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}
