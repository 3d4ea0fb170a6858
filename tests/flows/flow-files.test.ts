// flows:check on the flow files as authors write them (parts, variants), through readFlowFiles: what it reports and
// where, on a copy of flows/ with one mistake at a time.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleSchemaFiles } from '../../scripts/flow-schema.ts';
import { readFlowFiles } from '../../scripts/flow-files.ts';
import { flowProblems } from '../../scripts/flows-check.ts';

const FLOWS = join(import.meta.dirname, '..', '..', 'flows');

/** The lines flows:check prints for a copy of flows/ after `change` (path relative to the copy → new text). */
function linesAfter(change: Record<string, (text: string) => string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'claimflow-flow-files-'));
  cpSync(FLOWS, dir, { recursive: true });
  for (const [path, edit] of Object.entries(change)) writeFileSync(join(dir, path), edit(readFileSync(join(dir, path), 'utf8')));
  return flowProblems(dir);
}

describe('flow files', () => {
  it('define the eight funnels, truck and medical as variants of one file', () => {
    const files = readFlowFiles(FLOWS);
    expect(files.flatMap((f) => f.problems)).toEqual([]);
    expect(files.map((f) => [f.file, f.flows.map((flow) => flow.id)])).toEqual([
      ['flows/attorney.json', ['attorney']],
      ['flows/calculator.json', ['calculator']],
      ['flows/camp-lejeune.json', ['camp-lejeune']],
      ['flows/find-my-report.json', ['find-my-report']],
      ['flows/notify-me.json', ['notify-me']],
      ['flows/truck-medical.json', ['truck', 'medical']],
      ['flows/workers-comp.json', ['workers-comp']],
    ]);
  });

  it('fail on a misspelled widget prop, named, where it was written', () => {
    const lines = linesAfter({ 'workers-comp.json': (text) => text.replace('"label": "step1.date"', '"lable": "step1.date"') });
    expect(lines).toContain('flows/workers-comp.json: /steps/1/blocks/0/props/fields/1: unknown property "lable"');
    const inPart = linesAfter({ 'parts/accident-claim.json': (text) => text.replace('"level": "level"', '"levle": "level"') });
    expect(inPart).toContain('flows/parts/accident-claim.json: /steps/3/blocks/0/props: unknown property "levle"');
  });

  it('give a JSON syntax error its line and column, in a flow or in a part (once, for every file that uses it)', () => {
    const lines = linesAfter({ 'camp-lejeune.json': (text) => text.replace('"version": 1,', '"version": 1') });
    expect(lines).toEqual([expect.stringMatching(/^flows\/camp-lejeune\.json: \/: is not valid JSON at line 5, column 3 \(/)]);
    const inPart = linesAfter({ 'parts/intro.json': (text) => `${text.trimEnd()},\n` });
    expect(inPart.filter((line) => line.startsWith('flows/parts/intro.json'))).toEqual([expect.stringMatching(/^flows\/parts\/intro\.json: \/: is not valid JSON at line \d+, column \d+/)]);
  });

  it('have their widget schemas made from the widgets’ declarations (npm run flows:schema)', () => {
    expect(staleSchemaFiles()).toEqual([]);
  });
});
