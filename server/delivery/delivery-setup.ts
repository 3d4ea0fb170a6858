// What delivery needs at start: the sponsor files (a bad one stops the start, as a bad variable does), the endpoints of
// the active sponsors (one whose variables are unset is reported and skipped) and the certificates' signer.
import { loadCertificateKeys } from '../certificates/certificate-keys.ts';
import type { CertificateSigner } from '../certificates/issue-certificate.ts';
import { ConfigError, type Config } from '../config.ts';
import { readSponsorFiles } from './sponsor-files.ts';
import { sponsorEndpoints, type ReadySponsors } from './sponsor-endpoints.ts';

/** What delivery needs besides the database: the sponsors ready to get leads, the certificates' signer, settings. */
export interface DeliverySetup {
  ready: ReadySponsors;
  signer: CertificateSigner;
  config: Pick<Config, 'publicUrl' | 'webhookAllowedHosts' | 'webhookRetrySchedule' | 'webhookTimeoutSeconds'>;
}

export async function loadDelivery(config: Config, env: Record<string, string | undefined>, report: (line: string) => void): Promise<DeliverySetup> {
  const { sponsors, problems } = readSponsorFiles(config.sponsorsDir);
  if (problems.length > 0) throw new ConfigError(problems);
  const ready = sponsorEndpoints(sponsors, env);
  for (const line of ready.skipped) report(line);
  const { signer } = await loadCertificateKeys(config);
  return { ready, signer, config };
}
