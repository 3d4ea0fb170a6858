// `npm run build`'s second half: the server's two entry points (server/main.ts, server/jobs/worker.ts) bundled with
// esbuild into dist-server/main.js and dist-server/worker.js, so `npm start` and `npm run worker` run JavaScript, not
// TypeScript through tsx. Packages stay in node_modules (pdfkit and PGlite read their own files beside their code); JSON
// is bundled; the migrations, read from beside the code (server/db/migrate.ts), are copied beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../server/flow-files.ts';

const OUT = join(ROOT, 'dist-server');

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: { main: join(ROOT, 'server', 'main.ts'), worker: join(ROOT, 'server', 'jobs', 'worker.ts') },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(join(ROOT, 'server', 'db', 'migrations'), join(OUT, 'migrations'), { recursive: true });
console.log('server: dist-server/main.js, dist-server/worker.js');
