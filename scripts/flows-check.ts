// Checks every flow in flows/ against the schema and the semantic rules; prints `flows/<file>: <pointer>: <problem>`.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOWS_DIR, ROOT, readFlowFiles } from './flow-files.ts';

export { FLOWS_DIR } from './flow-files.ts';

/** Every problem of every flow file, one formatted line each (a part's once, however many files use it). */
export function flowProblems(flowsDir = FLOWS_DIR, root = ROOT): string[] {
  return [...new Set(readFlowFiles(flowsDir, root).flatMap((entry) => entry.problems.map((p) => p.line)))];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = flowProblems();
  for (const line of lines) console.error(line);
  if (lines.length) process.exit(1);
  console.log('flows: all valid');
}
