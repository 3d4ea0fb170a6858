// The studio's data, fetched from its dev server and again whenever a flow or catalogue file changes. A file that
// turns invalid keeps showing its last valid funnels (marked stale) beside its problems, so the graph stays in place.
import { useEffect, useState } from 'react';
import type { Flow } from '../engine/types.ts';
import type { Problem } from '../server/flow-files.ts';
import { CHANGED_EVENT, DATA_PATH, type StudioData } from './studio-data.ts';

export interface FileView {
  file: string;
  /** The file's funnels: as it is now, or as it last was valid. */
  flows: Flow[];
  /** The file has problems now and `flows` are those of its last valid version. */
  stale: boolean;
  problems: Problem[];
}

export interface StudioState {
  flowsDir: string;
  files: FileView[];
  catalogues: StudioData['catalogues'];
  /** Why the last read failed (the rest is from the read before). */
  error?: string;
  /** How many times the files were read: a test or a person can see a change arrive. */
  version: number;
}

export function useStudioData(): StudioState | undefined {
  const [state, setState] = useState<StudioState>();
  useEffect(() => {
    const lastValid = new Map<string, Flow[]>();
    let latest = 0;
    const load = async () => {
      const asked = ++latest;
      const data = (await (await fetch(DATA_PATH)).json()) as StudioData;
      if (asked !== latest) return;
      if (data.error) {
        setState((before) => before && { ...before, error: data.error, version: before.version + 1 });
        return;
      }
      const files = data.files.map((entry): FileView => {
        if (entry.flows.length) lastValid.set(entry.file, entry.flows);
        const kept = entry.flows.length ? entry.flows : (lastValid.get(entry.file) ?? []);
        return { file: entry.file, flows: kept, stale: !entry.flows.length && kept.length > 0, problems: entry.problems };
      });
      setState((before) => ({ flowsDir: data.flowsDir, files, catalogues: data.catalogues, version: (before?.version ?? 0) + 1 }));
    };
    const reload = () => void load().catch((error: unknown) => setState((before) => before && { ...before, error: String(error) }));
    reload();
    import.meta.hot?.on(CHANGED_EVENT, reload);
    return () => import.meta.hot?.off(CHANGED_EVENT, reload);
  }, []);
  return state;
}

/** The step a problem's JSON pointer is about (/steps/1.5/on/NEXT → "1.5"), if any. */
export function stepOfPointer(pointer: string): string | undefined {
  const match = /^\/steps\/([^/]+)/.exec(pointer);
  return match?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
}
