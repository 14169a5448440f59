import { type ComponentType, use } from 'react';

/**
 * A component in its own chunk whose download the caller starts, unlike react-router's `lazy`,
 * which starts every matched route's download the moment a navigation begins. The protected routes
 * call `load()` from their loaders once the guard has let the visitor in, so a refused visitor
 * downloads nothing of them; `Component` then renders the loaded one at once.
 */
export interface DeferredComponent {
  /** Downloads the chunk (once; a failed download is tried again by the next call). */
  load: () => Promise<void>;
  /** Renders the loaded component; before `load()` has finished it suspends on the download. */
  Component: ComponentType;
  /** Whether `load()` has finished. */
  isLoaded: () => boolean;
}

export function deferredComponent(importer: () => Promise<ComponentType>): DeferredComponent {
  let loaded: ComponentType | undefined;
  let attempt: Promise<void> | undefined;
  let failed = false;

  const load = (): Promise<void> => {
    if (loaded) return Promise.resolve();
    if (!attempt || failed) {
      failed = false;
      attempt = importer().then(
        (component) => {
          loaded = component;
        },
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
    }
    return attempt;
  };

  function Deferred(props: object) {
    // The same promise on every render until it settles (React caches what `use` awaits by identity);
    // a failed download throws its error to the route's error boundary.
    if (!loaded) use(attempt ?? load());
    const Loaded = loaded as ComponentType;
    return <Loaded {...props} />;
  }

  return { load, Component: Deferred, isLoaded: () => loaded !== undefined };
}
