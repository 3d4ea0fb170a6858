// Builds the web app once into a temporary folder, for tests that serve it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

export async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'claimflow-dist-'));
  await build({ root: join(import.meta.dirname, '..', '..'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}
