// What the studio's page is given by its dev server: every flow file as flows:check reads it, and the catalogues.
import type { Catalogues } from '../engine/check.ts';
import type { FlowFile } from '../server/flow-files.ts';

export interface StudioData {
  /** The folder the flows are read from (FLOWS_DIR, else flows/). */
  flowsDir: string;
  files: FlowFile[];
  catalogues: Catalogues;
  /** Set when the files could not be read at all (a catalogue that is not valid JSON): the page keeps what it had. */
  error?: string;
}

/** Where the page fetches the data, and the dev server's event when a flow or catalogue file changes. */
export const DATA_PATH = '/__studio/data';
export const CHANGED_EVENT = 'studio:changed';
