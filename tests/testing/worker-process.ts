// Runs `npm run worker` (server/jobs/worker.ts) as its own process, as a deployment does, to kill it or run two.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface WorkerProcess {
  pid: number;
  /** Stops it cleanly (SIGTERM) and resolves with its exit code. */
  stop(): Promise<number | null>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
}

/** Starts a worker with env over the test's own, once it says it started (its database migrated, its queue running). */
export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('claimflow worker started')) resolve();
    });
    void exited.then((code) => reject(new Error(`worker exited (${code}) before it started:\n${stderr}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    pid: child.pid!,
    stop: () => end('SIGTERM'),
    kill: async () => void (await end('SIGKILL')),
  };
}
