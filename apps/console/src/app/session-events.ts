const listeners = new Set<() => void>();

/** Runs `listener` whenever the session ends (logout, failed auth check). */
export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnd(): void {
  for (const listener of listeners) listener();
}
