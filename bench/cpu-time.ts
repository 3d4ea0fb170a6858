// Where a load run's CPU goes, from Linux's /proc: the server's process and its main thread, PostgreSQL's (every
// process named postgres: its backends and background workers) and the benchmark's own (the load generator). Seconds
// of CPU, user and system.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's times (100 on every common kernel). */
const TICKS_PER_S = 100;

/** utime + stime of a process or thread (its /proc directory), seconds; 0 when it is gone. */
function processSeconds(dir: string): { name: string; seconds: number } {
  try {
    const stat = readFileSync(`${dir}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces: the fields after it start at its closing one.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S };
  } catch {
    return { name: '', seconds: 0 };
  }
}

export interface CpuSeconds {
  server: number;
  /** The server's main thread (its JavaScript; with PGlite, the database too), part of server. */
  serverMain: number;
  postgres: number;
  bench: number;
}

/** The CPU the server (pid), PostgreSQL and this process have used so far; subtract two readings for a run's. */
export function cpuSeconds(serverPid: number): CpuSeconds {
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const { name, seconds } = processSeconds(`/proc/${pid}`);
    if (name === 'postgres') postgres += seconds;
  }
  const own = process.cpuUsage();
  return {
    server: processSeconds(`/proc/${serverPid}`).seconds,
    serverMain: processSeconds(`/proc/${serverPid}/task/${serverPid}`).seconds,
    postgres,
    bench: (own.user + own.system) / 1e6,
  };
}

/** CPU ms per request of each part between two readings. */
export function cpuPerRequest(before: CpuSeconds, after: CpuSeconds, requests: number): CpuSeconds {
  const per = (part: keyof CpuSeconds) => ((after[part] - before[part]) * 1000) / requests;
  return { server: per('server'), serverMain: per('serverMain'), postgres: per('postgres'), bench: per('bench') };
}
