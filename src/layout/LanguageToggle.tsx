// The switch to the other language, in the header of every screen and in the footer: the same page, step and answers
// in the other language, remembered for the visit (src/i18n.ts).
import { useTranslation } from 'react-i18next';
import { usePageLocation } from '../page-history.ts';

export function LanguageToggle({ className = 'text-button' }: { className?: string }) {
  const { t, i18n } = useTranslation('app');
  const location = usePageLocation();
  const other = i18n.language === 'es' ? 'en' : 'es';

  const switchLanguage = () => {
    const params = new URLSearchParams(location.search);
    if (other === 'en') params.delete('lang');
    else params.set('lang', other);
    const search = params.toString();
    void i18n.changeLanguage(other);
    // The same history entry and its state: a funnel stays on its step with its answers.
    location.navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, state: location.state });
  };

  return (
    <button type="button" className={className} lang={other} onClick={switchLanguage} aria-label={t('language.switchLabel')}>
      {t('language.switchTo')}
    </button>
  );
}
