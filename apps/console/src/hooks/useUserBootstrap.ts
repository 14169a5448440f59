import { useEffect } from 'react';
import { useUserInfoQuery } from '../features/auth/queries/use-user-info-query';
import { i18n, switchLanguage } from '../i18n';
import { setCompanyTimeZone } from '../lib/time-zone';
import { useGlobalStore } from '../store/global-store';

/** Whose preferences this page load has applied: once per page load and user, never again on refetch. */
let appliedFor: string | undefined;

/**
 * Loads the current user into the global store; at the first load of the page, applies the language
 * and dark mode saved in their preferences (spec §2 "Root screen").
 */
export function useUserBootstrap() {
  const query = useUserInfoQuery();
  useEffect(() => {
    const user = query.data;
    if (!user) return;
    const store = useGlobalStore.getState();
    // Before the store update re-renders the screens: every time they show is in the company's zone.
    setCompanyTimeZone(user.timeZone);
    store.setUser(user);
    if (appliedFor === user.account) return;
    appliedFor = user.account;
    if (store.dark !== (user.darkMode === 1)) store.setDark(user.darkMode === 1);
    if (user.language !== i18n.language) {
      void switchLanguage(user.language).then((ok) => ok && useGlobalStore.getState().setLanguage(user.language));
    }
  }, [query.data]);
  return query;
}
