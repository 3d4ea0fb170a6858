// Copies the report's address without the VIN or case ID (a shared link shows only the public facts) and says so, or
// says it could not (§8), showing the address to copy by hand.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkIcon } from './report-icons.tsx';

/** The address to share: /accident/{id}, in the page's language, with no proof in it. */
export function shareUrl(id: string, language: string): string {
  const url = new URL(`/accident/${encodeURIComponent(id)}`, window.location.origin);
  if (language !== 'en') url.searchParams.set('lang', language);
  return url.toString();
}

export function CopyLink({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['report', 'errors']);
  const [result, setResult] = useState<'copied' | 'failed' | undefined>();
  // Made on a click (the page's address is the browser's: a page drawn on the server has none).
  const copy = async () => {
    setResult(undefined);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shareUrl(id, i18n.language));
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };

  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
        <LinkIcon />
        {t('screen.actions.copy')}
      </button>
      <div className="copy-result" role="status">
        {result === 'copied' && <p className="report-alert report-alert--success">{t('errors:URL_IS_COPIED')}</p>}
        {result === 'failed' && (
          <div className="report-alert report-alert--error">
            <p className="report-alert__title">{t('errors:ERROR')}</p>
            <p>{t('errors:URL_COULD_NOT_BE_COPIED')}</p>
            <p className="copy-result__manual">
              {t('screen.actions.copyByHand')} <span className="report-code">{shareUrl(id, i18n.language)}</span>
            </p>
          </div>
        )}
      </div>
    </>
  );
}
