// Reads every flow file of flows/ as the server, the build, flows:check and the studio see it: the funnels each file
// defines, expanded from its parts (flows/parts/) and variants, and its problems, each at the file and JSON pointer its
// author wrote.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { ApiSchemas } from '../engine/check-requests.ts';
import { noticesByPath } from '../engine/consent-notice.ts';
import { checkFlow, type Catalogues } from '../engine/check.ts';
import { expandFlowFile, type ExpandedFlow, type SourceFile } from '../engine/expand.ts';
import type { Flow } from '../engine/types.ts';
import { declarations } from '../widgets/declarations.ts';
import { ENV_SCHEMA } from './config-schema.ts';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * Where the funnels and their copy are: FLOWS_DIR and LOCALES_DIR as the server's configuration reads them (flows/ and
 * locales/ by default). The build, flows:check and the studio read only these two variables, so they take them here.
 */
export function flowFolders(env: Record<string, string | undefined> = process.env): { flowsDir: string; localesDir: string } {
  const { FLOWS_DIR, LOCALES_DIR } = ENV_SCHEMA.properties;
  return { flowsDir: resolve(env.FLOWS_DIR?.trim() || FLOWS_DIR.default), localesDir: resolve(env.LOCALES_DIR?.trim() || LOCALES_DIR.default) };
}

export interface Problem {
  /** The file the author wrote, as printed: flows/<file>.json, or flows/parts/<part>.json for a part's. */
  file: string;
  pointer: string;
  message: string;
  /** The line flows:check prints: `<file>: <pointer>: <message>`. */
  line: string;
}

export interface FlowFile {
  /** flows/<file>.json */
  file: string;
  /** The funnels the file defines (one, or one per variant), expanded; those with a problem are left out. */
  flows: Flow[];
  problems: Problem[];
}

export const problem = (file: string, pointer: string, message: string): Problem => {
  const at = pointer === '' ? '/' : pointer;
  return { file, pointer: at, message, line: `${file}: ${at}: ${message}` };
};

export function readCatalogues(localesDir = flowFolders().localesDir): Catalogues {
  const catalogues: Catalogues = {};
  for (const lang of readdirSync(localesDir)) {
    const dir = join(localesDir, lang);
    catalogues[lang] = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [basename(f, '.json'), JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown]),
    );
  }
  return catalogues;
}

/** The request schemas of schemas/api by the route their title names ("POST /api/leads/create request body"). */
export function readApiSchemas(root = ROOT): ApiSchemas {
  const api: ApiSchemas = {};
  const dir = join(root, 'schemas', 'api');
  for (const name of jsonFiles(dir)) {
    const schema = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { title?: string };
    const [, method, path, part] = /^(GET|POST|PUT|PATCH|DELETE) \/api(\S+) (request body|query string)$/.exec(schema.title ?? '') ?? [];
    if (method && path && part) (api[`${method} ${path}`] ??= {})[part === 'request body' ? 'body' : 'query'] = schema;
  }
  return api;
}

const jsonFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];

/** A JSON file parsed, or the problem of its syntax at its line and column. */
function parse(path: string, file: string): SourceFile | Problem {
  const text = readFileSync(path, 'utf8');
  try {
    return { file, json: JSON.parse(text) as unknown };
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/at position (\d+)/.exec(message)?.[1] ?? text.length);
    const lines = text.slice(0, position).split('\n');
    const where = `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
    return problem(file, '/', `is not valid JSON at ${where} (${message.replace(/ (?:in JSON )?at position \d+.*$/, '')})`);
  }
}

interface ExpandedFile {
  file: string;
  flows: ExpandedFlow[];
  problems: Problem[];
}

/** Every flow file of flowsDir expanded from its parts and variants, with the problems of reading and expanding it. */
function expandFiles(flowsDir: string): ExpandedFile[] {
  const partFiles = new Map(
    jsonFiles(join(flowsDir, 'parts')).map((name) => [basename(name, '.json'), parse(join(flowsDir, 'parts', name), `flows/parts/${name}`)]),
  );
  const parts = Object.fromEntries([...partFiles].map(([name, read]) => [name, 'json' in read ? read : null]));
  return jsonFiles(flowsDir).map((name) => {
    const file = `flows/${name}`;
    const source = parse(join(flowsDir, name), file);
    if (!('json' in source)) return { file, flows: [], problems: [source] };
    const expanded = expandFlowFile(source, parts, declarations);
    const problems = expanded.problems.map((p) => problem(p.file, p.pointer, p.message));
    // A part that is not JSON: its own problem, in each file that uses it.
    for (const part of expanded.parts) {
      const read = partFiles.get(part);
      if (read && !('json' in read)) problems.push(read);
    }
    return { file, flows: expanded.flows, problems };
  });
}

/** The consent notices each request path of a flow may carry: those its steps show beside the buttons that send it. */
export const flowNotices = (flow: Flow): Map<string, Set<string>> => noticesByPath(flow, declarations);

/** The funnels of flowsDir as the app gets them, whatever their problems (which the build checks before it uses them). */
export function expandedFlows(flowsDir = flowFolders().flowsDir): Flow[] {
  return expandFiles(flowsDir).flatMap((file) => file.flows.map(({ flow }) => flow as unknown as Flow));
}

/**
 * One entry per JSON file of flowsDir, in name order, with the funnels it defines that have no problem: flows:check's
 * view (an id or route a funnel before already has is a problem too). Copy and API schemas are read from root (a
 * test's copy of the repository); for this repository, the copy from LOCALES_DIR.
 */
export function readFlowFiles(flowsDir = flowFolders().flowsDir, root = ROOT): FlowFile[] {
  const catalogues = readCatalogues(root === ROOT ? flowFolders().localesDir : join(root, 'locales'));
  const api = readApiSchemas(root);
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  const places = new Map<string, string>();
  return expandFiles(flowsDir).map(({ file, flows: expanded, problems }) => {
    const expandedWell = problems.length === 0;
    const flows = expanded.flatMap(({ flow: json, origin }) => {
      const own = checkFlow(json, catalogues, { api, widgets: declarations }).map((p) => ({ ...origin(p.pointer), message: p.message }));
      const flow = json as unknown as Flow;
      if (own.length === 0) {
        if (ids.has(flow.id)) own.push({ ...origin('/id'), message: `id "${flow.id}" is also used by ${ids.get(flow.id)}` });
        ids.set(flow.id, file);
        flow.routes.forEach((route, i) => {
          if (routes.has(route)) own.push({ ...origin(`/routes/${i}`), message: `route "${route}" is also used by ${routes.get(route)}` });
          routes.set(route, file);
        });
        if (flow.site !== undefined && places.has(flow.site))
          own.push({ ...origin('/site'), message: `site "${flow.site}" is also ${places.get(flow.site)}'s` });
        if (flow.site !== undefined) places.set(flow.site, file);
      }
      problems.push(...own.map((p) => problem(p.file, p.pointer, p.message)));
      return own.length === 0 ? [flow] : [];
    });
    const lines = new Set<string>();
    const unique = problems.filter((p) => !lines.has(p.line) && lines.add(p.line));
    return { file, flows: expandedWell ? flows : [], problems: unique };
  });
}
