// /verify/{token}, the link in every code text: opening it confirms that send (from the page's script, so a messaging
// app's link preview, which runs none, confirms nothing), and the code step that asked for it goes on by itself. Only
// in the browser that asked for the code (the API reads its cf_pending cookie): anywhere else the page says nothing was
// confirmed, and to open the link there or type the code on that page.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { confirmCodeLink } from '../../api/phone-link.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

type State = 'confirming' | 'done' | 'other' | 'expired' | 'failed';

/** What a failed confirmation means for the page: another browser's link, a dead link, or no answer (try again). */
function stateOf(error: unknown): State {
  if (error instanceof ApiError && error.status === 404) return 'expired';
  if (error instanceof ApiError && error.code === 'other_browser') return 'other';
  return 'failed';
}

/** Keyed by token where it is routed: another link is another page. */
export default function VerifyPage({ token }: { token: string }) {
  const { t } = useTranslation(['verify', 'app']);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>('confirming');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    confirmCodeLink(token).then(
      () => current && setState('done'),
      (error: unknown) => current && setState(stateOf(error)),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const title = state === 'done' || state === 'other' || state === 'expired' ? t(`${state}.title`) : t('title');
  usePageTitle(title);
  useEffect(() => {
    // The answer replaces "Confirming…": a screen reader is taken to it.
    if (state !== 'confirming') heading.current?.focus();
  }, [state]);

  return (
    <section className="page verify" aria-busy={state === 'confirming'}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {state === 'confirming' && <p role="status">{t('loading')}</p>}
      {state === 'done' && <p role="status">{t('done.text')}</p>}
      {state === 'other' && (
        <>
          <p role="status">{t('other.text')}</p>
          <p>{t('other.ignore')}</p>
        </>
      )}
      {state === 'expired' && (
        <>
          <p>{t('expired.text')}</p>
          <p>
            <LangLink to="/" className="btn btn-secondary btn-block">
              {t('expired.home')}
            </LangLink>
          </p>
        </>
      )}
      {state === 'failed' && (
        <>
          <p role="alert">{t('failed')}</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => {
              setState('confirming');
              setAttempt((n) => n + 1);
            }}
          >
            {t('retry')}
          </button>
        </>
      )}
    </section>
  );
}
