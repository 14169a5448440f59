/** A lazy chunk that failed to load: usually a deploy replaced the files this page was built with. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  );
}
