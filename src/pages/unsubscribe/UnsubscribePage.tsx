// /unsubscribe/{token}, the link every alert text ends with: it asks before it stops (messaging apps fetch links for
// their previews, so opening the page must change nothing), then says it is done; an unknown link says so.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { confirmUnsubscribe, readUnsubscribe } from '../../api/sms.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { SITE_LINKS } from '../../layout/site-links.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ask'; phoneEnd: string; busy: boolean; failed: boolean }
  | { kind: 'done'; phoneEnd: string }
  | { kind: 'unknown' }
  | { kind: 'failed' };

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Keyed by token where it is routed: another link is another page. */
export default function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation(['unsubscribe', 'app']);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    readUnsubscribe(token, controller.signal).then(
      ({ phoneEnd, stopped }) => setState(stopped ? { kind: 'done', phoneEnd } : { kind: 'ask', phoneEnd, busy: false, failed: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState(notFound(error) ? { kind: 'unknown' } : { kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const title = state.kind === 'ask' ? t('ask.title') : state.kind === 'done' ? t('done.title') : state.kind === 'unknown' ? t('unknown.title') : t('title');
  usePageTitle(title);

  const confirm = async (phoneEnd: string) => {
    setState({ kind: 'ask', phoneEnd, busy: true, failed: false });
    try {
      const answer = await confirmUnsubscribe(token);
      setState({ kind: 'done', phoneEnd: answer.phoneEnd });
      // The page's answer replaces the question: a screen reader is taken to it.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      setState(notFound(error) ? { kind: 'unknown' } : { kind: 'ask', phoneEnd, busy: false, failed: true });
    }
  };

  return (
    <section className="page unsubscribe" aria-busy={state.kind === 'loading'}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'failed' && (
        <>
          <p role="alert">{t('failed')}</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('retry')}
          </button>
        </>
      )}
      {state.kind === 'ask' && (
        <>
          <p>{t('ask.text', { phoneEnd: state.phoneEnd })}</p>
          {state.failed && <p role="alert">{t('failed')}</p>}
          <button type="button" className="btn btn-primary btn-block" aria-disabled={state.busy} onClick={() => !state.busy && void confirm(state.phoneEnd)}>
            {state.busy ? t('ask.busy') : t('ask.confirm')}
          </button>
          <p>{t('ask.keep')}</p>
        </>
      )}
      {state.kind === 'done' && (
        <>
          <p role="status">{t('done.text', { phoneEnd: state.phoneEnd })}</p>
          <p>
            <LangLink to={SITE_LINKS.findReport} className="btn btn-secondary btn-block">
              {t('done.search')}
            </LangLink>
          </p>
        </>
      )}
      {state.kind === 'unknown' && (
        <>
          <p>{t('unknown.text')}</p>
          <p>
            <LangLink to="/" className="btn btn-secondary btn-block">
              {t('unknown.home')}
            </LangLink>
          </p>
        </>
      )}
    </section>
  );
}
