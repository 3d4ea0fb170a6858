// The side menu: a drawer with the home page, every funnel and the about page.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FunnelLinks } from './FunnelLinks.tsx';
import { LangLink } from './LangLink.tsx';

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
        {t('menu.open')}
      </button>
      {open && (
        <div className="menu-backdrop" onClick={close} aria-hidden="true" />
      )}
      {open && (
        <nav id={id} className="menu-drawer" aria-label={t('menu.title')}>
          <button type="button" ref={closeButton} className="btn btn-secondary menu-close" onClick={close}>
            {t('menu.close')}
          </button>
          <ul className="link-list">
            <li>
              <LangLink to="/" onClick={close}>{t('menu.home')}</LangLink>
            </li>
          </ul>
          <h2 className="menu-heading">{t('menu.funnels')}</h2>
          <FunnelLinks onNavigate={close} />
          <ul className="link-list">
            <li>
              <LangLink to="/about" onClick={close}>{t('menu.about')}</LangLink>
            </li>
          </ul>
        </nav>
      )}
    </>
  );
}
