// The side menu (§1): a drawer with the home page, find my report, notify me, a free consultation, the accidents near
// me and about pages, then every other funnel.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FunnelLinks } from './FunnelLinks.tsx';
import { LangLink } from './LangLink.tsx';
import { MENU_FUNNELS, SITE_LINKS } from './site-links.ts';

const MAIN_LINKS = [
  ['/', 'menu.home'],
  [SITE_LINKS.findReport, 'menu.findReport'],
  [SITE_LINKS.notify, 'menu.notify'],
  [SITE_LINKS.consult, 'menu.consult'],
  [SITE_LINKS.nearMe, 'menu.nearMe'],
  [SITE_LINKS.about, 'menu.about'],
] as const;

export function SideMenu() {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const id = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button type="button" className="menu-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="menu-icon" />
        <span className="menu-label">{t('menu.open')}</span>
      </button>
      {open && <div className="menu-backdrop" onClick={close} aria-hidden="true" />}
      {open && (
        <nav id={id} className="menu-drawer" aria-label={t('menu.title')}>
          <button type="button" ref={closeButton} className="btn btn-secondary menu-close" onClick={close}>
            {t('menu.close')}
          </button>
          <ul className="link-list">
            {MAIN_LINKS.map(([to, key]) => (
              <li key={to}>
                <LangLink to={to} onClick={close}>
                  {t(key)}
                </LangLink>
              </li>
            ))}
          </ul>
          <h2 className="menu-heading">{t('menu.funnels')}</h2>
          <FunnelLinks onNavigate={close} exclude={MENU_FUNNELS} />
        </nav>
      )}
    </>
  );
}
