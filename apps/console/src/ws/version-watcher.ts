export interface VersionWatcherOptions {
  /** Reads the client's own version (`/version.json`) once, at start. */
  fetchVersion: () => Promise<string>;
  /** Called once when the server announces a different version. */
  onUpdate: (version: string) => void;
}

/**
 * Spec §4 "Version update": the client reads its version at start; when the socket delivers a version
 * that differs and no update is pending, an update starts (the modal's countdown, then a reload).
 */
export function createVersionWatcher(options: VersionWatcherOptions) {
  let pending = false;
  const own = options.fetchVersion().catch(() => undefined);
  let baseline: string | undefined;
  return {
    async handle(version: string): Promise<void> {
      baseline ??= (await own) ?? version;
      if (version === baseline || pending) return;
      pending = true;
      options.onUpdate(version);
    },
    get isPending(): boolean {
      return pending;
    },
  };
}

export async function fetchOwnVersion(): Promise<string> {
  const response = await fetch('/version.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json: HTTP ${response.status}`);
  const body = (await response.json()) as { version?: unknown };
  if (typeof body.version !== 'string') throw new Error('version.json has no version');
  return body.version;
}
