// Checks every sponsor file in sponsors/ (or SPONSORS_DIR) against its schema and the filter rules; prints
// `sponsors/<file>: <pointer>: <problem>` for each problem, as flows:check does.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSponsorFiles } from '../server/delivery/sponsor-files.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { sponsors, problems } = readSponsorFiles(resolve(process.env.SPONSORS_DIR ?? join(ROOT, 'sponsors')));
for (const line of problems) console.error(line);
if (problems.length) process.exit(1);
console.log(`sponsors: all valid (${sponsors.length})`);
