import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Where the demo feed is: its simulation (seed and start) and how far the one-time backfill got. */
export interface DemoState {
  seed: number;
  /** Start of the backfilled week, ISO. */
  start: string;
  /** End of the backfill (the feed's first start), ISO. */
  backfillTo: string;
  /** Backfilled up to here, ISO; equal to `backfillTo` once done. */
  backfilledUntil: string;
}

/**
 * The feed's file in the data directory (`demo-feed.json`): `npm start` writes the demo ingest key
 * there once (`{ "key": "pbk_…" }`); the feed adds its `state`. It holds a secret: owner-only.
 */
interface DemoFile {
  key?: string;
  state?: DemoState;
}

function readFile(file: string): DemoFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

export function readDemoState(file: string): DemoState | undefined {
  return readFile(file).state;
}

/** Replaces the state, keeping the rest of the file; written aside and renamed, so a crash leaves the old one. */
export function writeDemoState(file: string, state: DemoState): void {
  const next: DemoFile = { ...readFile(file), state };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
