// The footer: terms, privacy, disclaimer and the language switch.
import { useTranslation } from 'react-i18next';
import { usePageLocation } from '../page-history.ts';
import { LangLink } from './LangLink.tsx';

export function Footer() {
  const { t, i18n } = useTranslation('app');
  const location = usePageLocation();
  const other = i18n.language === 'es' ? 'en' : 'es';

  const switchLanguage = () => {
    const params = new URLSearchParams(location.search);
    if (other === 'en') params.delete('lang');
    else params.set('lang', other);
    const search = params.toString();
    void i18n.changeLanguage(other);
    location.navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, state: location.state });
  };

  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.links')} className="footer-links">
        <LangLink to="/terms">{t('footer.terms')}</LangLink>
        <LangLink to="/privacy">{t('footer.privacy')}</LangLink>
        <LangLink to="/disclaimer">{t('footer.disclaimer')}</LangLink>
        <button type="button" className="text-button" lang={other} onClick={switchLanguage} aria-label={t('footer.switchLabel')}>
          {t('footer.switchTo')}
        </button>
      </nav>
      <p className="footer-notice">{t('footer.notice')}</p>
    </footer>
  );
}
