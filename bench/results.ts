// The benchmark's results: one markdown table per part with budgets marked, printed, and written into
// bench/RESULTS.md in place of the part's earlier table (one current table per part; earlier ones live in git).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

export interface Section {
  title: string;
  /** What was measured and how, shown under the title. */
  notes: string[];
  headers: string[];
  rows: string[][];
}

const FILE = join(import.meta.dirname, 'RESULTS.md');
const HEADER = `# claimflow benchmark results

One current table per part, each written by the run that measured it (\`npm run bench\`, or a part's own file run alone:
\`npx tsx bench/<part>.ts\`), with when, on what machine and under what load. Budgets are ratios to a reference measured
in the same run where the machine's speed matters. Earlier tables are in git's history of this file.
`;

export function machine(chromiumVersion?: string): string {
  const cores = cpus();
  const browser = chromiumVersion ? `, Chromium ${chromiumVersion}` : '';
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}${browser}`;
}

/** `value` with a pass/fail mark against a budget: "118.2 ✅ ≤ 125" or "131.0 ❌ ≤ 125". */
export function againstBudget(value: number, limit: number, kind: 'max' | 'min', digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  const pass = kind === 'max' ? value <= limit : value >= limit;
  return `${value.toFixed(digits)} ${pass ? '✅' : '❌'} ${kind === 'max' ? '≤' : '≥'} ${limit}`;
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

export function renderSection(section: Section): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `## ${section.title}`,
    '',
    ...section.notes.map((n) => `- ${n}`),
    ...(section.notes.length ? [''] : []),
    line(section.headers),
    line(section.headers.map(() => '---')),
    ...section.rows.map(line),
  ].join('\n');
}

/** Prints the sections as RESULTS.md gets them. */
export function printSections(sections: Section[]): void {
  console.log(sections.map(renderSection).join('\n\n'));
}

/**
 * Writes each section into RESULTS.md in place of the section of the same title (or after the others), noting the
 * command, the time, the machine and its load average now, and the run's own notes; formatted as \`npm test\` checks.
 */
export async function writeSections(
  sections: Section[],
  { command, chromium, notes = [] }: { command: string; chromium?: string; notes?: string[] },
): Promise<void> {
  const measured = `Measured by \`${command}\` on ${new Date().toISOString()}: ${machine(chromium)}; load average (1 min) ${loadavg()[0]!.toFixed(1)} at the end.`;
  let text: string;
  try {
    text = readFileSync(FILE, 'utf8');
  } catch {
    text = '';
  }
  const kept = new Map<string, string>();
  for (const block of text.split(/\n(?=## )/).slice(1)) kept.set(block.slice(3, block.indexOf('\n')), block.trim());
  for (const section of sections) kept.set(section.title, renderSection({ ...section, notes: [measured, ...notes, ...section.notes] }));
  const markdown = `${HEADER}\n${[...kept.values()].join('\n\n')}\n`;
  writeFileSync(FILE, await format(markdown, { ...(await resolveConfig(FILE)), filepath: FILE }));
}
