// GET /api/legal: the operator and what the legal pages state (server/legal/legal-facts.ts), fetched once a visit and
// shared by the footer and the legal pages.
import { useEffect, useState } from 'react';
import type { FromSchema } from 'json-schema-to-ts';
import type legalResponse from '../../schemas/api/legal.response.schema.json';
import { callApi } from './client.ts';

export type LegalFacts = FromSchema<typeof legalResponse>;

let fetched: Promise<LegalFacts> | undefined;

/** The facts, fetched on first use; a failure is forgotten so the next use asks again. */
export function readLegalFacts(): Promise<LegalFacts> {
  fetched ??= callApi<LegalFacts>({ method: 'GET', path: '/legal' }).catch((error: unknown) => {
    fetched = undefined;
    throw error;
  });
  return fetched;
}

export type LegalFactsState = { kind: 'loading' } | { kind: 'shown'; facts: LegalFacts } | { kind: 'failed' };

/** The facts for a component: loading, then shown or failed (retry asks again). */
export function useLegalFacts(): { state: LegalFactsState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LegalFactsState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    readLegalFacts().then(
      (facts) => live && setState({ kind: 'shown', facts }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
