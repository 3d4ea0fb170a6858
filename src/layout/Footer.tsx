// The footer: terms, privacy, disclaimer and the language switch.
import { useTranslation } from 'react-i18next';
import { LangLink } from './LangLink.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';

export function Footer() {
  const { t } = useTranslation('app');
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.links')} className="footer-links">
        <LangLink to="/terms">{t('footer.terms')}</LangLink>
        <LangLink to="/privacy">{t('footer.privacy')}</LangLink>
        <LangLink to="/disclaimer">{t('footer.disclaimer')}</LangLink>
        <LanguageToggle />
      </nav>
      <p className="footer-notice">{t('footer.notice')}</p>
    </footer>
  );
}
