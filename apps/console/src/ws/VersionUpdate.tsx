import { lazy, Suspense, useEffect, useState } from 'react';
import { socketClient } from './socket-client';
import { createVersionWatcher, fetchOwnVersion } from './version-watcher';

const UpdateModal = lazy(() => import('./UpdateModal').then((m) => ({ default: m.UpdateModal })));

let watcher: ReturnType<typeof createVersionWatcher> | undefined;
const updateListeners = new Set<(version: string) => void>();

/** Starts the version watch once per page: reads `/version.json`, then listens to the socket. */
export function startVersionWatch(): void {
  if (watcher) return;
  const current = createVersionWatcher({
    fetchVersion: fetchOwnVersion,
    onUpdate: (version) => {
      for (const listener of updateListeners) listener(version);
    },
  });
  watcher = current;
  socketClient.subscribe((message) => {
    if (message.type === 'version') void current.handle(message.version);
  });
}

/** Shows the product-update modal (a lazy chunk) once a new version is announced. */
export function VersionUpdate() {
  const [version, setVersion] = useState<string>();
  useEffect(() => {
    updateListeners.add(setVersion);
    return () => {
      updateListeners.delete(setVersion);
    };
  }, []);
  if (!version) return null;
  return (
    <Suspense fallback={null}>
      <UpdateModal version={version} />
    </Suspense>
  );
}
