// Reads every flow file of flows/ as the build, flows:check and the studio see it: the funnels each file defines and
// its problems, each at the file and JSON pointer its author wrote.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFlow, type Catalogues } from '../engine/check.ts';
import type { Flow } from '../engine/types.ts';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where the funnels are: flows/ unless FLOWS_DIR names another folder (the build reads the same variable). */
export const FLOWS_DIR = resolve(process.env.FLOWS_DIR ?? join(ROOT, 'flows'));

export interface Problem {
  /** The file the author wrote, as printed: flows/<file>.json (or a part's flows/parts/<part>.json). */
  file: string;
  pointer: string;
  message: string;
  /** The line flows:check prints: `<file>: <pointer>: <message>`. */
  line: string;
}

export interface FlowFile {
  /** flows/<file>.json */
  file: string;
  /** The funnels the file defines, each valid and ready to compile; none when the file has a problem. */
  flows: Flow[];
  problems: Problem[];
}

export const problem = (file: string, pointer: string, message: string): Problem => ({ file, pointer, message, line: `${file}: ${pointer}: ${message}` });

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

/** One entry per JSON file of flowsDir, in name order; ids and routes used by two files are a problem of the second. */
export function readFlowFiles(flowsDir = FLOWS_DIR, root = ROOT): FlowFile[] {
  const catalogues = readCatalogues(root);
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  return readdirSync(flowsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = `flows/${name}`;
      let source: unknown;
      try {
        source = JSON.parse(readFileSync(join(flowsDir, name), 'utf8'));
      } catch (error) {
        return { file, flows: [], problems: [problem(file, '/', `is not valid JSON (${(error as Error).message})`)] };
      }
      const problems = checkFlow(source, catalogues).map((p) => problem(file, p.pointer, p.message));
      if (problems.length) return { file, flows: [], problems };
      const flow = source as Flow;
      if (ids.has(flow.id)) problems.push(problem(file, '/id', `id "${flow.id}" is also used by ${ids.get(flow.id)}`));
      ids.set(flow.id, file);
      flow.routes.forEach((route, i) => {
        if (routes.has(route)) problems.push(problem(file, `/routes/${i}`, `route "${route}" is also used by ${routes.get(route)}`));
        routes.set(route, file);
      });
      return { file, flows: problems.length ? [] : [flow], problems };
    });
}
