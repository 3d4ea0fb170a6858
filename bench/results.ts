// The benchmark's report: the machine it ran on, one markdown table per part with budgets marked, printed and
// written to bench/RESULTS.md.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export interface Section {
  title: string;
  /** What was measured and how, shown under the title. */
  notes: string[];
  headers: string[];
  rows: string[][];
}

export interface Report {
  date: string;
  machine: string;
  notes: string[];
  sections: Section[];
}

export function machine(chromiumVersion: string): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, Chromium ${chromiumVersion}`;
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

function table(section: Section): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `## ${section.title}`,
    '',
    ...section.notes.map((n) => `- ${n}`),
    ...(section.notes.length ? [''] : []),
    line(section.headers),
    line(section.headers.map(() => '---')),
    ...section.rows.map(line),
    '',
  ].join('\n');
}

export function renderReport(report: Report): string {
  return [
    '# claimflow benchmark results',
    '',
    `Written by \`npm run bench\` on ${report.date}.`,
    '',
    `Machine: ${report.machine}.`,
    '',
    ...report.notes.map((n) => `- ${n}`),
    '',
    ...report.sections.map(table),
  ].join('\n');
}

export function writeReport(report: Report): string {
  const markdown = renderReport(report);
  writeFileSync(join(import.meta.dirname, 'RESULTS.md'), markdown);
  return markdown;
}
