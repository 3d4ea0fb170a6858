// Runs the server's own processes as a deployment does, to kill them or run two: `npm run worker`
// (server/jobs/worker.ts) and the web server (server/main.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface WorkerProcess {
  pid: number;
  /** Stops it cleanly (SIGTERM) and resolves with its exit code. */
  stop(): Promise<number | null>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** What it has written so far, stdout and stderr as they came: its log, to show when a test fails. */
  output(): string;
}

export interface ServerProcess extends WorkerProcess {
  /** The port it listens on. */
  port: number;
}

/** Starts a worker with env over the test's own, once it says it started (its database migrated, its queue running). */
export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  return startProcess('server/jobs/worker.ts', /claimflow worker started/, env);
}

/** Starts the web server on a free port with env over the test's own, once it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const started = await startProcess('server/main.ts', /claimflow listening on http:\/\/localhost:(\d+)/, { PORT: '0', ...env });
  return { ...started, port: Number(started.ready[1]) };
}

/** Starts entry, resolving once its stdout matches ready (with the match), or rejecting when it exits first. */
async function startProcess(entry: string, ready: RegExp, env: Record<string, string>): Promise<WorkerProcess & { ready: RegExpExecArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) resolve(found);
    });
    void exited.then((code) => reject(new Error(`${entry} exited (${code}) before it started:\n${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    pid: child.pid!,
    stop: () => end('SIGTERM'),
    kill: async () => void (await end('SIGKILL')),
    ready: match,
    output: () => output,
  };
}
