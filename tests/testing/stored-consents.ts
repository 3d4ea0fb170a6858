// What the database kept as a phone's consent, to hold beside what the browser showed: the words of each consent given
// at its code step (tcpa) and at each lead's button, and the words its signed certificate carries.
import type { Db } from '../../server/db/db.ts';

export interface StoredConsents {
  /** The tcpa records' words, oldest first. */
  tcpa: string[];
  /**
   * Each lead's consent words, and its certificate's, oldest first. The router issues certificates in the background:
   * a lead the test's server stopped before routing (routed false) has none yet.
   */
  leads: { wording: string; certificate: string | undefined; routed: boolean }[];
}

export async function storedConsents(db: Db, e164: string): Promise<StoredConsents> {
  const words = `SELECT t.wording FROM consent_records c JOIN consent_texts t ON t.id = c.consent_text_id`;
  const tcpa = await db.query<{ wording: string }>(`${words} WHERE c.phone = $1 AND c.kind = 'tcpa' ORDER BY c.id`, [e164]);
  const leads = await db.query<{ wording: string; payload: string | null; routed: boolean }>(
    `SELECT t.wording, k.payload, l.routed_at IS NOT NULL AS routed FROM leads l JOIN consent_records c ON c.id = l.consent_record_id
     JOIN consent_texts t ON t.id = c.consent_text_id LEFT JOIN consent_certificates k ON k.lead_id = l.id
     WHERE l.phone = $1 ORDER BY l.id`,
    [e164],
  );
  return {
    tcpa: tcpa.rows.map((r) => r.wording),
    leads: leads.rows.map((r) => ({
      wording: r.wording,
      certificate: r.payload === null ? undefined : (JSON.parse(r.payload) as { consentText: string }).consentText,
      routed: r.routed,
    })),
  };
}

/**
 * The consent a walk gave, as stored: its code step's notice, then its lead's, each the very words on screen, and the
 * lead's certificate carrying those words once it was routed (a walk's last lead may still wait for the router when the
 * test stops its server: a busy CI run once did).
 */
export function expectStoredAsShown(
  stored: StoredConsents,
  agreed: readonly string[],
  expectFn: (actual: unknown, message?: string) => { toEqual(expected: unknown): void },
) {
  expectFn(stored.tcpa, 'the code step').toEqual([agreed[0]]);
  const routed = stored.leads[0]?.routed === true;
  expectFn(stored.leads, 'the lead and its certificate').toEqual([{ wording: agreed[1], certificate: routed ? agreed[1] : undefined, routed }]);
}
