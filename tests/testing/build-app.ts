// Builds the web app once into a temporary folder, for tests that serve it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

export async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'claimflow-dist-'));
  // Vitest sets NODE_ENV=test, which would build React's development bundles; browser tests run what phones get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: join(import.meta.dirname, '..', '..'), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}
