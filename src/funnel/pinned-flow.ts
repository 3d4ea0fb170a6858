// Version pinning (issue 21 part 4): a visit that began on a version of its funnel ends on it, whatever was launched
// since. The build carries only each funnel's current version (it has no history of flows/); the server keeps every
// version it has served (flow_versions, written at start) and answers GET /api/flows/:id/:version. So a page whose saved
// progress names another version than the build's fetches that one and runs it to the end: its steps, its rules, its
// events and its lead carry that version. One fetch, and only for a visit that spans a launch.
import { use, useState } from 'react';
import type { Flow } from '../../engine/types.ts';
import { fetchFlowVersion } from '../api/flow-versions.ts';
import { readProgress, resumes } from './saved-progress.ts';

const fetched = new Map<string, Promise<Flow>>();

/** That version of the built flow's funnel; the built flow itself when it cannot be had (the visit then starts anew on it). */
function versionOf(built: Flow, version: number): Promise<Flow> {
  const key = `${built.id}@${version}`;
  let promise = fetched.get(key);
  if (!promise) {
    promise = fetchFlowVersion(built.id, version).then(
      (flow) => (flow.id === built.id && flow.version === version ? flow : built),
      () => built,
    );
    fetched.set(key, promise);
  }
  return promise;
}

/**
 * The flow a funnel page runs: the version its saved progress began on, when that is not the build's and the visit
 * resumes; else the built one. Suspends while that version is fetched.
 */
export function usePinnedFlow(built: Flow, returning: boolean): Flow {
  // Decided once, as the page starts: the saved progress is rewritten as the visit goes on.
  const [version] = useState(() => {
    const saved = readProgress(built.id);
    return saved && saved.version !== built.version && resumes(saved, returning) ? saved.version : undefined;
  });
  return version === undefined ? built : use(versionOf(built, version));
}
