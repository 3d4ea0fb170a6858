// Vite plugin: the module `virtual:first-widgets`, the widgets each flow's first step shows (by flow id), so a funnel's
// first screen fetches their code alongside its flow rather than after it (src/funnel/load-funnel.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type { Flow } from '../engine/types.ts';
import { FLOWS_DIR } from './flows-check.ts';

const ID = 'virtual:first-widgets';

export function firstWidgets(): Plugin {
  return {
    name: 'claimflow:first-widgets',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const widgets: Record<string, string[]> = {};
      for (const file of readdirSync(FLOWS_DIR).filter((name) => name.endsWith('.json'))) {
        this.addWatchFile(join(FLOWS_DIR, file));
        const flow = JSON.parse(readFileSync(join(FLOWS_DIR, file), 'utf8')) as Flow;
        widgets[flow.id] = [...new Set(flow.steps[flow.initial]?.blocks.map((block) => block.widget) ?? [])];
      }
      return `export default ${JSON.stringify(widgets)};`;
    },
  };
}
