import { hostname } from 'node:os';
import type { DemoLog } from './demo-feed';

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * The feed's log on stdout, as JSON lines in the server's (pino's) shape with `"name":"demo-feed"`, so
 * that `npm start` prints one kind of line. `level` as LOG_LEVEL (`silent` prints nothing).
 */
export function jsonLog(level = 'info', write: (line: string) => void = (l) => process.stdout.write(l)): DemoLog {
  const threshold = level === 'silent' ? Number.POSITIVE_INFINITY : (LEVELS[level] ?? LEVELS.info ?? 30);
  const base = { pid: process.pid, hostname: hostname(), name: 'demo-feed' };
  const line = (lvl: number, msg: string, extra: object = {}) => {
    if (lvl >= threshold) write(`${JSON.stringify({ level: lvl, time: Date.now(), ...base, ...extra, msg })}\n`);
  };
  return {
    info: (msg) => line(30, msg),
    warn: (msg) => line(40, msg),
    error: (msg, error) =>
      line(
        50,
        msg,
        error instanceof Error ? { err: { type: error.name, message: error.message, stack: error.stack } } : {},
      ),
  };
}
