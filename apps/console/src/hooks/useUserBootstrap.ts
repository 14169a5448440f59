import { useEffect, useRef } from 'react';
import { useUserInfoQuery } from '../features/auth/queries/use-user-info-query';
import { i18n, switchLanguage } from '../i18n';
import { useGlobalStore } from '../store/global-store';

/**
 * Loads the current user into the global store; at the first load of the page, applies the language
 * and dark mode saved in their preferences (spec §2 "Root screen").
 */
export function useUserBootstrap() {
  const query = useUserInfoQuery();
  const applied = useRef(false);
  useEffect(() => {
    const user = query.data;
    if (!user) return;
    const store = useGlobalStore.getState();
    store.setUser(user);
    if (applied.current) return;
    applied.current = true;
    if (store.dark !== (user.darkMode === 1)) store.setDark(user.darkMode === 1);
    if (user.language !== i18n.language) {
      void switchLanguage(user.language).then((ok) => ok && useGlobalStore.getState().setLanguage(user.language));
    }
  }, [query.data]);
  return query;
}
