// Consent wordings, stored once per version: a new wording for a key and locale becomes its next version.
import type { ConsentWording } from '../consent-text.ts';
import type { Queryable } from '../db/db.ts';

export interface StoredConsentText {
  id: number;
  version: number;
  sha256: string;
}

const find = async (tx: Queryable, w: ConsentWording): Promise<StoredConsentText | undefined> => {
  const { rows } = await tx.query<StoredConsentText>('SELECT id, version, sha256 FROM consent_texts WHERE text_key = $1 AND locale = $2 AND sha256 = $3', [
    w.key,
    w.locale,
    w.sha256,
  ]);
  return rows[0];
};

/**
 * The stored version of a wording, added when it is new. Run inside the transaction that records the consent: the
 * advisory lock (held to its end) makes two processes meeting a new wording at once add one version, not two.
 */
export async function ensureConsentText(tx: Queryable, w: ConsentWording): Promise<StoredConsentText> {
  const known = await find(tx, w);
  if (known) return known;
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('claimflow consent_texts'))");
  const raced = await find(tx, w);
  if (raced) return raced;
  const { rows } = await tx.query<StoredConsentText>(
    `INSERT INTO consent_texts (text_key, locale, version, sha256, wording)
     SELECT $1, $2, coalesce(max(version), 0) + 1, $3, $4 FROM consent_texts WHERE text_key = $1 AND locale = $2
     RETURNING id, version, sha256`,
    [w.key, w.locale, w.sha256, w.text],
  );
  const row = rows[0];
  if (!row) throw new Error('consent text insert returned no row');
  return row;
}
