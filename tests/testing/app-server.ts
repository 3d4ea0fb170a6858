// Runs the real server (`node --import tsx server/main.ts`) on a free port with a fresh data directory (a migrated empty
// database, or the caller's), and reads its console; or reads the console of one another process started (the browser
// suites' shared server, through the file its console is copied to).
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillMigratedDataDir } from './pglite-template.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** testConfig's NO_SHEDDING as environment variables. */
const NO_SHEDDING_ENV = {
  SHED_EVENT_LOOP_DELAY_MS: '0',
  SHED_DB_WAITING: '100000',
  SHED_OPTIONAL_EVENT_LOOP_UTILIZATION: '0',
  SHED_OPTIONAL_DB_WAITING: '100000',
};

/** What a browser walk needs of a server: its address and its console (the codes the console SMS provider prints). */
export interface RunningApp {
  url: string;
  /** Every line the server printed on stdout so far. */
  readonly lines: string[];
  /** Waits for the next SMS the console provider prints to this E.164 phone after line `after` and returns its code. */
  smsCode(e164: string, after?: number): Promise<string>;
}

export interface AppServer extends RunningApp {
  /** The server's process id. */
  pid: number;
  dataDir: string;
  /** Stops it cleanly (SIGTERM); its exit code. */
  stop(): Promise<number | null>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
}

export interface AppServerOptions {
  staticDir: string;
  env?: Record<string, string>;
  dataDir?: string;
  /** The entry point to run (default server/main.ts): the benchmark's adds a route to the same server. */
  entry?: string;
  /** A file each line of stdout is appended to as well, for other processes to read (attachAppServer). */
  logFile?: string;
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  let dataDir = options.dataDir;
  if (dataDir === undefined) {
    dataDir = mkdtempSync(join(tmpdir(), 'claimflow-data-'));
    await fillMigratedDataDir(dataDir);
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'server/main.ts'], {
    cwd: ROOT,
    // No demo reports unless a suite asks for them (DEMO_REPORTS: 'on'): a fresh data directory would get 3,000. Load
    // shedding as good as off (testConfig's NO_SHEDDING): the suites' concurrent requests are not a load to shed.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: options.staticDir,
      LOG_LEVEL: 'warn',
      DEMO_REPORTS: 'off',
      ...NO_SHEDDING_ENV,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    if (options.logFile !== undefined && parts.length > 0) appendFileSync(options.logFile, parts.map((l) => `${l}\n`).join(''));
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  const waitFor = (find: () => string | undefined, what: string, ms?: number) => poll(find, what, ms, () => ({ exitCode: child.exitCode, stderr }));

  const end = (signal: NodeJS.Signals) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });

  // A fresh data directory runs every migration first: on a machine others load too, that can take a minute or more.
  const url = await waitFor(() => lines.map((l) => /listening on (http:\/\/\S+)/.exec(l)?.[1]).find(Boolean), 'the server to listen', 180_000);
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    lines,
    smsCode: (e164, after = 0) => waitFor(() => codeIn(lines.slice(after), e164), `an SMS to ${e164}`),
    stop: () => end('SIGTERM'),
    kill: async () => void (await end('SIGKILL')),
  };
}

/** A server another process started with a logFile: its address, and its console as that file holds it. */
export function attachAppServer(url: string, logFile: string): RunningApp {
  const read = () => readFileSync(logFile, 'utf8').split('\n').slice(0, -1);
  return {
    url,
    get lines() {
      return read();
    },
    smsCode: (e164, after = 0) => poll(() => codeIn(read().slice(after), e164), `an SMS to ${e164}`),
  };
}

/** The code of the first SMS the console provider printed to e164 among lines. */
function codeIn(lines: string[], e164: string): string | undefined {
  return lines.map((l) => (l.startsWith(`SMS to ${e164}:`) ? /\b(\d{4,})\b/.exec(l.slice(e164.length + 8))?.[1] : undefined)).find(Boolean);
}

/** Polls find until it finds something; fails after ms, or once the server (if it is this process's child) has exited. */
async function poll(
  find: () => string | undefined,
  what: string,
  ms = 30_000,
  child: () => { exitCode: number | null; stderr: string } = () => ({ exitCode: null, stderr: '' }),
): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    const { exitCode, stderr } = child();
    if (exitCode !== null) throw new Error(`server exited (${exitCode}) while waiting for ${what}:\n${stderr}`);
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
