// The funnels' versions the server has served (flow_versions): each written at start, kept after the next is launched.
import type { Flow } from '../../engine/types.ts';
import type { Queryable } from '../db/db.ts';

/**
 * Keeps each flow under its id and version. A version already kept is replaced only when the funnel differs: the
 * build serves that version's current file, so the stored one must be the same for a visit that fetches it.
 */
export async function keepFlowVersions(db: Queryable, flows: readonly Flow[]): Promise<void> {
  const rows = flows.map((flow) => ({ id: flow.id, version: flow.version, flow }));
  await db.query(
    `INSERT INTO flow_versions (flow_id, version, flow)
     SELECT f.id, f.version, f.flow FROM jsonb_to_recordset($1::jsonb) AS f(id text, version integer, flow jsonb)
     ON CONFLICT (flow_id, version) DO UPDATE SET flow = EXCLUDED.flow WHERE flow_versions.flow IS DISTINCT FROM EXCLUDED.flow`,
    [JSON.stringify(rows)],
  );
}

/** The flow of this id and version as it was served (its JSON), or undefined. */
export async function flowOfVersion(db: Queryable, id: string, version: number): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<{ flow: Record<string, unknown> }>('SELECT flow FROM flow_versions WHERE flow_id = $1 AND version = $2', [id, version]);
  return rows[0]?.flow;
}
