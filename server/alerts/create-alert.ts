// Creates a lead with its report alert: in one transaction that first takes the alerts' lock (match-lock.ts), looks
// for the reports already on file, and then stores the lead, its consent record, the alert and the texts of those
// reports in one statement; its answer lists them, and the sender is woken for them once it commits. A phone that had
// stopped the texts is taken back: subscribing again (its code verified, the consent given anew) asks for them.
import type { Db } from '../db/db.ts';
import { wakeAlertSender } from '../jobs/queue.ts';
import { resumePhone } from '../sms/stops.ts';
import { createLeadAlone, type LeadCreation, type LeadToCreate } from '../store/leads.ts';
import { lockForAlerting } from './match-lock.ts';
import type { NewAlert } from './new-alert.ts';
import { reportsOnFile, type OnFile } from './on-file.ts';

/** The `alert` of the lead's answer. */
export interface AlertAnswer {
  id: string;
  expiresAt: string;
  onFile: OnFile[];
}

/** Creates the lead that lead() makes of the alert's answer (its reports on file), with the alert and their texts. */
export async function createLeadWithAlert(db: Db, alert: NewAlert, lead: (answer: AlertAnswer) => LeadToCreate): Promise<LeadCreation> {
  let texts = 0;
  const created = await createLeadAlone(db, async (tx) => {
    await lockForAlerting(tx);
    const onFile = await reportsOnFile(tx, alert);
    texts = onFile.length;
    const item = lead({ id: alert.id, expiresAt: alert.expires_at, onFile });
    await resumePhone(tx, item.consent.phone);
    return { ...item, lead: { ...item.lead, alert: { ...alert, on_file: onFile.map((f) => f.id) } } };
  });
  if (created.kind === 'created' && texts > 0) wakeAlertSender();
  return created;
}
