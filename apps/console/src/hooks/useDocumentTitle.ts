import { useEffect } from 'react';
import { runtimeConfig } from '../lib/runtime-config';

/**
 * The browser tab shows "<screen> - <configured title>" (just the configured title when empty). The
 * API client sends `document.title` in the `Title` header, so audit logs name the screen of each call.
 */
export function useDocumentTitle(screenTitle: string | undefined): void {
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} - ${runtimeConfig.title}` : runtimeConfig.title;
  }, [screenTitle]);
}
