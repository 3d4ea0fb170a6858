// Checks every flow in flows/ against the schema and the semantic rules, and that every flow and part file is formatted
// as prettier writes it; prints `flows/<file>: <pointer>: <problem>`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, resolveConfig } from 'prettier';
import { flowFolders, problem, readFlowFiles, ROOT } from '../server/flow-files.ts';
import { staleSchemaFiles } from './flow-schema.ts';

/** Every problem of every flow file, one formatted line each (a part's once, however many files use it). */
export function flowProblems(flowsDir = flowFolders().flowsDir, root = ROOT): string[] {
  return [...new Set(readFlowFiles(flowsDir, root).flatMap((entry) => entry.problems.map((p) => p.line)))];
}

/** The flow and part files prettier would write otherwise (with the repository's settings for flows/: .prettierrc.json). */
export async function formatProblems(flowsDir = flowFolders().flowsDir): Promise<string[]> {
  const files = ['', 'parts/'].flatMap((sub) =>
    existsSync(join(flowsDir, sub))
      ? readdirSync(join(flowsDir, sub))
          .filter((name) => name.endsWith('.json'))
          .map((name) => `${sub}${name}`)
      : [],
  );
  const lines: string[] = [];
  for (const file of files.sort()) {
    const options = { ...(await resolveConfig(join(ROOT, 'flows', file))), filepath: join(ROOT, 'flows', file) };
    // A file that is not JSON cannot be formatted: its syntax error, by line and column, is already among flowProblems.
    const formatted = await check(readFileSync(join(flowsDir, file), 'utf8'), options).catch(() => true);
    if (!formatted) lines.push(problem(`flows/${file}`, '/', 'is not formatted as prettier writes it: npx prettier --write flows').line);
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stale = staleSchemaFiles().map((file) => `${file.slice(ROOT.length + 1)}: is out of date with widgets/*/declaration.ts: npm run flows:schema`);
  const lines = [...stale, ...flowProblems(), ...(await formatProblems())];
  for (const line of lines) console.error(line);
  if (lines.length) process.exit(1);
  console.log('flows: all valid');
}
