import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a screen, kept in the address (`?tab=log`) so a link or a reload opens it again.
 * The address is replaced without a router navigation: every navigation runs the auth check (spec
 * §4), and switching tabs is no navigation.
 */
export function useTabParam<K extends string>(keys: readonly K[], fallback: K): [K, (key: K) => void] {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<K>(() => {
    const asked = params.get('tab');
    return keys.includes(asked as K) ? (asked as K) : fallback;
  });
  const choose = useCallback(
    (key: K) => {
      setTab(key);
      const url = new URL(window.location.href);
      if (key === fallback) url.searchParams.delete('tab');
      else url.searchParams.set('tab', key);
      window.history.replaceState(window.history.state, '', url);
    },
    [fallback],
  );
  return [tab, choose];
}
