import { describe, expect, it } from 'vitest';
import { QUERY_DEFAULTS, queryClient } from '../app/query-client';
import { antdTheme, BREAKPOINTS } from '../app/theme';
import { ERROR_COLOR, isMobileAgent, PRIMARY_COLOR, useGlobalStore } from './global-store';

describe('global state (spec §3)', () => {
  it('sets the mobile flag from the agent string', () => {
    expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/126 Safari/537.36')).toBe(false);
  });

  it('keeps user, company, loading, dark, theme and the refetch record', () => {
    const store = useGlobalStore.getState();
    expect(store.theme).toEqual({ algorithm: 'default', colorPrimary: PRIMARY_COLOR, colorError: ERROR_COLOR });
    expect(store.refetch).toEqual({ isFetching: false, isLoading: false, playerData: [], gameData: [] });
    store.setDark(true);
    expect(useGlobalStore.getState().theme.algorithm).toBe('dark');
    store.setRefetch({ isFetching: true, playerData: [1] });
    expect(useGlobalStore.getState().refetch).toEqual({
      isFetching: true,
      isLoading: false,
      playerData: [1],
      gameData: [],
    });
    store.setUser({
      account: 'a',
      name: 'A',
      role: 'admin',
      cid: 3,
      companyIds: [3],
      companies: [],
      groupName: '',
      darkMode: 1,
      language: 'en',
      timeZone: 'Asia/Taipei',
    });
    expect(useGlobalStore.getState().cid).toBe(3);
    store.clearUser();
    expect(useGlobalStore.getState()).toMatchObject({ user: null, cid: null, session: null, dark: true });
  });

  it('uses the spec query defaults and breakpoints', () => {
    expect(QUERY_DEFAULTS).toEqual({ staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false });
    expect(queryClient.getDefaultOptions().queries).toMatchObject(QUERY_DEFAULTS);
    expect(Object.values(BREAKPOINTS)).toEqual([480, 576, 768, 992, 1200, 1600, 2000]);
    expect(antdTheme({ algorithm: 'default', colorPrimary: '#0958d9', colorError: '#cf1322' }).token).toMatchObject({
      colorPrimary: '#0958d9',
      colorError: '#cf1322',
      colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
      screenXXXL: 2000,
      screenMD: 768,
    });
  });

  it('animates nothing when the system asks for reduced motion', () => {
    const state = { algorithm: 'dark', colorPrimary: '#1677ff', colorError: '#ff4d4f' } as const;
    expect(antdTheme(state).token?.motion).toBeUndefined();
    expect(antdTheme(state, true).token).toMatchObject({ motion: false, colorPrimary: '#4096ff' });
  });
});
