// Who may see what of a report: the public facts for anyone, the whole report for a visitor who gives one of its
// VINs or its case ID; the one rule GET /api/reports/:id and GET /pdf/:id share.
import type { Db } from '../db/db.ts';
import { caseKeyOf } from './prepare-report.ts';
import { countGuess, type ProofLimits } from './proof-limits.ts';
import { readReport } from './read-report.ts';
import { reportView, type ReportView } from './report-view.ts';

export interface Proof {
  vin?: string | undefined;
  caseId?: string | undefined;
}

export interface Visit extends Proof {
  id: string;
  ip: string;
  now: number;
}

/** not_found: no report has that id; not_involved: the proof given is not the report's. */
export type Access = { kind: 'view'; view: ReportView } | { kind: 'not_found' } | { kind: 'not_involved' };

/**
 * The report as this visitor may see it. A proof (a VIN in any case, or the case ID however spaced) is counted by
 * countGuess first, which throws RateLimitedError when the visitor or the report is over its limit; a blank one is none.
 */
export async function openReport(db: Db, limits: ProofLimits, { id, ip, now, vin, caseId }: Visit): Promise<Access> {
  const stored = await readReport(db, id);
  if (!stored) return { kind: 'not_found' };
  const vinKey = vin?.trim().toUpperCase() ?? '';
  const caseKey = caseKeyOf(caseId ?? '');
  if (vinKey === '' && caseKey === '') return { kind: 'view', view: reportView(stored.report, false) };
  const involved = (vinKey !== '' && stored.vins.includes(vinKey)) || (caseKey !== '' && caseKey === stored.caseKey);
  await countGuess(db, limits, { ip, reportId: id, wrong: !involved, now });
  return involved ? { kind: 'view', view: reportView(stored.report, true) } : { kind: 'not_involved' };
}
