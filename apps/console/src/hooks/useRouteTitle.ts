import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../routes/route-types';

/** The title key of the deepest matched route that has one (its `handle`, which the router fills from the table). */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

export function useRouteTitle(): string {
  const { t } = useTranslation();
  const key = useRouteTitleKey();
  return key ? t(key) : '';
}
