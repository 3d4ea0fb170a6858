// Every page's tab title: its own, then the brand ("Find my report | claimflow"), set again when either changes (the
// language switched, or the page's state gave it another title).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function usePageTitle(title: string): void {
  const { t } = useTranslation('app');
  const brand = t('brand');
  useEffect(() => {
    document.title = `${title} | ${brand}`;
  }, [title, brand]);
}
