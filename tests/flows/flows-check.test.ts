import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowProblems } from '../../scripts/flows-check.ts';
import { loadFlow } from '../testing/flows.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('flows:check', () => {
  it('finds no problem in any flow of flows/ (the same lines npm run flows:check prints)', () => {
    expect(flowProblems()).toEqual([]);
  });

  it('prints each problem as flows/<file>: <pointer>: <problem> and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'claimflow-bad-flows-'));
    const flow = loadFlow('calculator');
    flow.steps['1.75']!.on = { NEXT: { target: '1.8' }, BACK: { target: '1' } };
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(flow));
    writeFileSync(join(dir, 'not-json.json'), '{');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flows-check.ts'], {
      cwd: ROOT,
      env: { ...process.env, FLOWS_DIR: dir },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toContain('flows/broken.json: /steps/1.75/on/NEXT: targets unknown step "1.8"');
    expect(lines).toContain('flows/broken.json: /steps/2: is unreachable from the initial step');
    expect(lines.some((l) => l.startsWith('flows/not-json.json: /: is not valid JSON'))).toBe(true);
    // A process of its own (tsx compiling the checker) takes seconds on a busy machine.
  }, 60_000);
});
