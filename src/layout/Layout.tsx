// The page frame: header with the logo, the language switch and the side menu, the main content, and the footer (hidden
// when the URL contains embed).
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary } from '../../widgets/shared/LoadBoundary.tsx';
import { HeldTaps } from '../held-taps.ts';
import { usePageLocation } from '../page-history.ts';
import { Footer } from './Footer.tsx';
import { LangLink } from './LangLink.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';
import { SideMenu } from './SideMenu.tsx';
import { Skeleton } from './Skeleton.tsx';
import './layout.css';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const location = usePageLocation();
  const embed = `${location.pathname}${location.search}`.includes('embed');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      {!embed && (
        <header className="site-header">
          <LangLink to="/" className="brand">
            {/* The logo mark is the favicon (public/favicon.svg): one drawing for both. */}
            <img className="brand-mark" src="/favicon.svg" alt="" width="32" height="32" />
            {t('brand')}
          </LangLink>
          <div className="header-actions">
            <LanguageToggle className="menu-button" />
            <SideMenu />
          </div>
        </header>
      )}
      <main id="main" className="site-main">
        {/* A page whose code does not arrive says so, with Try again; another kind of page (its path's first segment: a
            funnel's steps, a report's address with and without its VIN share it) starts afresh. */}
        <LoadBoundary key={location.pathname.split('/')[1]} message={t('pageLoadFailed')} retry={t('funnel.retry')}>
          <Suspense fallback={<Skeleton label={t('loading')} />}>
            {children}
            <HeldTaps />
          </Suspense>
        </LoadBoundary>
      </main>
      {!embed && <Footer />}
    </>
  );
}
