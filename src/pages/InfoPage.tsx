// A page of plain text from the app catalogue: about (the legal pages and privacy have pages of their own).
import { useTranslation } from 'react-i18next';

export function InfoPage({ page }: { page: 'about' }) {
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
