// Checks every flow in flows/ against the schema and the semantic rules; prints `flows/<file>: <pointer>: <problem>`.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFlow, type Catalogues } from '../engine/check.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where the funnels are: flows/ unless FLOWS_DIR names another folder (the build reads the same variable). */
export const FLOWS_DIR = resolve(process.env.FLOWS_DIR ?? join(ROOT, 'flows'));

export function readCatalogues(root = ROOT): Catalogues {
  const catalogues: Catalogues = {};
  for (const lang of readdirSync(join(root, 'locales'))) {
    const dir = join(root, 'locales', lang);
    catalogues[lang] = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [basename(f, '.json'), JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown]),
    );
  }
  return catalogues;
}

/** Every problem of every flow file, one formatted line each. */
export function flowProblems(flowsDir = FLOWS_DIR, root = ROOT): string[] {
  const catalogues = readCatalogues(root);
  const lines: string[] = [];
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  for (const file of readdirSync(flowsDir).filter((f) => f.endsWith('.json')).sort()) {
    const where = `flows/${file}`;
    let flow: unknown;
    try {
      flow = JSON.parse(readFileSync(join(flowsDir, file), 'utf8'));
    } catch (error) {
      lines.push(`${where}: /: is not valid JSON (${(error as Error).message})`);
      continue;
    }
    const problems = checkFlow(flow, catalogues);
    for (const p of problems) lines.push(`${where}: ${p.pointer}: ${p.message}`);
    if (problems.length) continue;
    const { id, routes: own } = flow as { id: string; routes: string[] };
    if (ids.has(id)) lines.push(`${where}: /id: id "${id}" is also used by ${ids.get(id)}`);
    ids.set(id, where);
    own.forEach((route, i) => {
      if (routes.has(route)) lines.push(`${where}: /routes/${i}: route "${route}" is also used by ${routes.get(route)}`);
      routes.set(route, where);
    });
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = flowProblems();
  for (const line of lines) console.error(line);
  if (lines.length) process.exit(1);
  console.log('flows: all valid');
}
