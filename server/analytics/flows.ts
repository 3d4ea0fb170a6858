// The funnels the report knows: the flow files of flows/ (or FLOWS_DIR, the folder the build reads), by id.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Flow } from '../../engine/types.ts';

const FLOWS_DIR = resolve(process.env.FLOWS_DIR ?? fileURLToPath(new URL('../../flows', import.meta.url)));

/** The flow with this id, or undefined. */
export async function flowById(id: string): Promise<Flow | undefined> {
  for (const file of (await readdir(FLOWS_DIR)).filter((name) => name.endsWith('.json'))) {
    const flow = JSON.parse(await readFile(join(FLOWS_DIR, file), 'utf8')) as Flow;
    if (flow.id === id) return flow;
  }
  return undefined;
}
