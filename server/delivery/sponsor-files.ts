// The sponsors of a folder of JSON files (sponsors/ by default), each checked as engine/check-sponsor.ts says and named
// for its id; every problem is one line `sponsors/<file>: <pointer>: <problem>`, as flows:check prints them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkSponsor } from '../../engine/check-sponsor.ts';
import type { Sponsor } from '../../engine/route-lead.ts';

export interface SponsorFiles {
  /** The valid sponsors, in file name order. */
  sponsors: Sponsor[];
  problems: string[];
}

/** Every sponsor file of dir (none when there is no such folder). */
export function readSponsorFiles(dir: string): SponsorFiles {
  const sponsors: Sponsor[] = [];
  const problems: string[] = [];
  if (!existsSync(dir)) return { sponsors, problems };
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const where = `${basename(dir)}/${file}`;
    let sponsor: unknown;
    try {
      sponsor = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${where}: /: is not valid JSON (${(error as Error).message})`);
      continue;
    }
    const found = checkSponsor(sponsor);
    problems.push(...found.map((p) => `${where}: ${p.pointer}: ${p.message}`));
    if (found.length > 0) continue;
    const valid = sponsor as Sponsor;
    if (valid.id !== basename(file, '.json')) problems.push(`${where}: /id: "${valid.id}" is not the file's name`);
    else sponsors.push(valid);
  }
  return { sponsors, problems };
}
