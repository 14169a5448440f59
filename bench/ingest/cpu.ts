import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU seconds (user + system) a process has used, its reaped children included; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may contain spaces): state is field 3, utime 14 … cstime 17.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i] ?? 0));
    return ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The PostgreSQL postmaster listening on `port` (its command line holds `-p <port>`). */
export function findPostmaster(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const p = args.indexOf('-p');
      if (args[0]?.endsWith('postgres') && p >= 0 && args[p + 1] === String(port)) return Number(entry);
    } catch {}
  }
  return undefined;
}

/** CPU seconds of a postmaster and every live backend under it (exited backends count through cutime). */
export function clusterCpuSeconds(postmaster: number): number {
  let total = cpuSeconds(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && parentOf(Number(entry)) === postmaster) total += cpuSeconds(Number(entry));
  }
  return total;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
}
