// Who runs the site, as GET /api/legal says (server/legal/legal-facts.ts): the hook that asks for it, the operator's
// words for a page (the demo operator's name and entity in the visitor's language), and the footer's operator block.
// One chunk, out of the shell (vite.config.ts): the footer fetches it once it nears the screen, so a funnel's first
// screen (where ads land) carries none of it; the legal pages share it.
import type { TFunction } from 'i18next';
import { createContext, useContext, useEffect, useState } from 'react';
import { DRAWN_LEGAL_ID } from '../../../engine/site-pages.ts';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import type { LegalFacts } from '../../api/legal.ts';
import { drawnBlock } from '../../drawn-block.ts';

export type LegalFactsState = { kind: 'loading' } | { kind: 'shown'; facts: LegalFacts } | { kind: 'failed' };

/**
 * The facts a text page was drawn with: given to the server's render (src/entry-server.tsx), read from the page's block
 * in the browser, so that the first render draws what the page shows, with no request.
 */
export const DrawnLegal = createContext<LegalFacts | undefined>(drawnBlock<LegalFacts>(DRAWN_LEGAL_ID));

/**
 * The facts for a component: those the page was drawn with, else loading, then shown or failed (retry asks again; the
 * browser may answer from its cache).
 */
export function useLegalFacts(): { state: LegalFactsState; retry: () => void } {
  const drawn = useContext(DrawnLegal);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LegalFactsState>(drawn ? { kind: 'shown', facts: drawn } : { kind: 'loading' });
  useEffect(() => {
    if (drawn && attempt === 0) return;
    const controller = new AbortController();
    callApi<LegalFacts>({ method: 'GET', path: '/legal' }, controller.signal).then(
      (facts) => setState({ kind: 'shown', facts }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [drawn, attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}

/** A type, not an interface: i18next takes it as interpolation values (an index signature). */
export type OperatorCopy = {
  name: string;
  legalEntity: string;
  address: string;
  /** As shown, and as a tel: link dials it. */
  phone: string;
  phoneHref: string;
  email: string;
};

/** The operator's words for a page; the demo operator's name and entity come from the app catalogue (app:operator). */
export function operatorCopy(operator: LegalFacts['operator'], t: TFunction): OperatorCopy {
  return {
    name: operator.demo ? t('app:operator.demoName') : operator.name,
    legalEntity: operator.demo ? t('app:operator.demoEntity') : operator.legalEntity,
    address: operator.address,
    phone: operator.phoneDisplay,
    phoneHref: `tel:${operator.phone}`,
    email: operator.email,
  };
}

/** The footer's block: who runs the site, how to reach them, the attorney-advertising disclaimer; nothing until known. */
export default function FooterOperator() {
  const { t } = useTranslation('app');
  const { state } = useLegalFacts();
  if (state.kind !== 'shown') return null;
  const { operator } = state.facts;
  const copy = operatorCopy(operator, t);
  return (
    <address className="footer-operator" aria-label={t('footer.operator')}>
      <p>
        {t('operator.runBy', copy)} <a href={copy.phoneHref}>{copy.phone}</a> · <a href={`mailto:${copy.email}`}>{copy.email}</a>
      </p>
      <p>{operator.advertisingDisclaimer ?? t('operator.advertising')}</p>
    </address>
  );
}
