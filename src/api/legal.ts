// GET /api/legal: the operator and what the legal pages state (server/legal/legal-facts.ts), for the footer and the
// legal pages (the server lets the browser cache it for a few minutes).
import { useEffect, useState } from 'react';
import type { FromSchema } from 'json-schema-to-ts';
import type legalResponse from '../../schemas/api/legal.response.schema.json';
import { callApi } from './client.ts';

export type LegalFacts = FromSchema<typeof legalResponse>;

export type LegalFactsState = { kind: 'loading' } | { kind: 'shown'; facts: LegalFacts } | { kind: 'failed' };

/** The facts for a component: loading, then shown or failed (retry asks again). */
export function useLegalFacts(): { state: LegalFactsState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LegalFactsState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    callApi<LegalFacts>({ method: 'GET', path: '/legal' }, controller.signal).then(
      (facts) => setState({ kind: 'shown', facts }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
