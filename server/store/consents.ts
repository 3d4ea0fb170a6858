// Stores TCPA consent records: who agreed, to which wording, from where and when.
import type { Db } from '../db/db.ts';

export interface NewConsent {
  token: string;
  funnel: string | undefined;
  phone: string;
  fields: Record<string, unknown>;
  tcpaMessage: string;
  ip: string;
  userAgent: string | undefined;
}

export async function insertConsent(db: Db, c: NewConsent): Promise<void> {
  await db.query(
    `INSERT INTO tcpa_consents (token, funnel, phone, fields, tcpa_message, ip, user_agent)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
    [c.token, c.funnel ?? null, c.phone, JSON.stringify(c.fields), c.tcpaMessage, c.ip, c.userAgent ?? null],
  );
}
