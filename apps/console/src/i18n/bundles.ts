/**
 * Every translation bundle, each its own lazy chunk:
 * - shared namespaces: `src/locales/<language>/<namespace>.json`;
 * - one namespace per feature: `src/features/<feature>/locales/<language>.json` (namespace = folder).
 * A new screen adds files; nobody edits a shared list.
 */
export type Bundle = Record<string, unknown>;
type Importer = () => Promise<unknown>;

const shared = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' });
const features = import.meta.glob<Bundle>('../features/*/locales/*.json', { import: 'default' });

export type BundleErrorKind = 'not-found' | 'load-failed' | 'invalid-path';

/** An expected failure to get a bundle: the language is kept and a warning logged (spec §8). */
export class BundleError extends Error {
  constructor(
    readonly kind: BundleErrorKind,
    readonly language: string,
    readonly namespace: string,
    cause?: unknown,
  ) {
    super(`Language bundle ${language}/${namespace}: ${kind}`, { cause });
    this.name = 'BundleError';
  }
}

const SAFE_SEGMENT = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function importerFor(language: string, namespace: string): Importer | undefined {
  return (
    shared[`../locales/${language}/${namespace}.json`] ?? features[`../features/${namespace}/locales/${language}.json`]
  );
}

/** Loads one bundle, or throws a {@link BundleError} saying why not. */
export async function loadBundle(language: string, namespace: string): Promise<Bundle> {
  if (!SAFE_SEGMENT.test(language) || !SAFE_SEGMENT.test(namespace)) {
    throw new BundleError('invalid-path', language, namespace);
  }
  const importer = importerFor(language, namespace);
  if (!importer) throw new BundleError('not-found', language, namespace);
  let bundle: unknown;
  try {
    bundle = await importer();
  } catch (error) {
    throw new BundleError('load-failed', language, namespace, error);
  }
  if (!bundle || typeof bundle !== 'object') throw new BundleError('not-found', language, namespace);
  return bundle as Bundle;
}
