// A funnel visit's saved progress (sessionStorage, one per flow id): the version of the flow it runs, whether it ended,
// and the machine's snapshot, so that a reload resumes it, on that version even after a launch (pinned-flow.ts).
import type { Flow } from '../../engine/types.ts';

export interface SavedProgress {
  version: number;
  /** It reached a final step. */
  ended: boolean;
  snapshot: unknown;
}

const storageKey = (flowId: string) => `claimflow:flow:${flowId}`;

export function readProgress(flowId: string): SavedProgress | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(flowId)) ?? 'null') as Partial<SavedProgress> | null;
    return typeof saved?.version === 'number' && typeof saved.ended === 'boolean' && typeof saved.snapshot === 'object' ? (saved as SavedProgress) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a persisted snapshot of the flow's machine, on this step. */
export function writeProgress(flow: Flow, step: string, snapshot: unknown): void {
  const ended = flow.steps[step]?.final === true;
  sessionStorage.setItem(storageKey(flow.id), JSON.stringify({ version: flow.version, ended, snapshot } satisfies SavedProgress));
}

export const removeProgress = (flowId: string) => sessionStorage.removeItem(storageKey(flowId));

/** A saved visit is taken up again unless it ended and this is a new visit rather than a reload or a history move. */
export const resumes = (saved: SavedProgress, returning: boolean) => !saved.ended || returning;
