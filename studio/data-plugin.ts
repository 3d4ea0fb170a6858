// The studio's dev-server plugin: serves the flows (read by server/flow-files.ts, as flows:check reads them) and the
// catalogues as JSON, and tells the page when a file of flows/ or locales/ changes, so it shows the change at once.
import { sep } from 'node:path';
import type { Plugin } from 'vite';
import { flowFolders, readCatalogues, readFlowFiles } from '../server/flow-files.ts';

const { flowsDir, localesDir } = flowFolders();
import { CHANGED_EVENT, DATA_PATH, type StudioData } from './studio-data.ts';

function studioData(): StudioData {
  try {
    return { flowsDir, files: readFlowFiles(flowsDir), catalogues: readCatalogues(localesDir) };
  } catch (error) {
    return { flowsDir, files: [], catalogues: {}, error: (error as Error).message };
  }
}

export function studioDataPlugin(): Plugin {
  return {
    name: 'claimflow:studio-data',
    configureServer(server) {
      server.watcher.add([flowsDir, localesDir]);
      const watched = (file: string) => file.endsWith('.json') && [flowsDir, localesDir].some((dir) => file.startsWith(dir + sep));
      const changed = (file: string) => {
        if (watched(file)) server.ws.send(CHANGED_EVENT, { file });
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed);
      server.middlewares.use(DATA_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(studioData()));
      });
    },
  };
}
