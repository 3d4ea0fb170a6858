// Fetches a certificate for its page: loading, the certificate's facts, unknown (404) or failed (with a retry).
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { readCertificate, type CertificateFacts, type SignedCertificate } from '../../api/certificates.ts';

export type CertificateState =
  { kind: 'loading' } | { kind: 'shown'; certificate: SignedCertificate; facts: CertificateFacts } | { kind: 'unknown' } | { kind: 'failed' };

export function useCertificate(id: string): { state: CertificateState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CertificateState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    readCertificate(id, controller.signal).then(
      (certificate) => setState({ kind: 'shown', certificate, facts: JSON.parse(certificate.payload) as CertificateFacts }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.status === 404 ? { kind: 'unknown' } : { kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
