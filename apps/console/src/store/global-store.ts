import type { AuthCheckResponse, Language, UserInfo } from '@pitboss/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The theme of spec §3: the algorithm's name (functions cannot be persisted), primary and error colours. */
export interface ThemeState {
  algorithm: 'default' | 'dark';
  colorPrimary: string;
  colorError: string;
}

/** The refetch record of spec §3, shared by the dashboards. */
export interface RefetchState {
  isFetching: boolean;
  isLoading: boolean;
  playerData: unknown[];
  gameData: unknown[];
}

export type Session = Pick<AuthCheckResponse, '_role' | '_isPublisher' | '_isSuperAdmin' | 'priceLevel' | 'account'>;

export interface GlobalState {
  user: UserInfo | null;
  /** The selected (working) company. */
  cid: number | null;
  /** What the last auth check said; not persisted (cookies carry it between loads). */
  session: Session | null;
  loading: boolean;
  mobile: boolean;
  dark: boolean;
  /** The chosen interface language, kept so the login page opens in it. */
  language: Language | null;
  theme: ThemeState;
  refetch: RefetchState;
  setUser(user: UserInfo | null): void;
  setCid(cid: number | null): void;
  setSession(session: Session | null): void;
  setLoading(loading: boolean): void;
  setDark(dark: boolean): void;
  setLanguage(language: Language): void;
  setRefetch(patch: Partial<RefetchState>): void;
  /** Forgets the user (logout, failed auth check); keeps the device's language and theme. */
  clearUser(): void;
}

export const GLOBAL_STORE_KEY = 'globalStore';
/**
 * Ant Design's blue 7 and red 7 rather than its defaults (#1677ff, #ff4d4f): white on them, and they on
 * white, reach WCAG AA's 4.5:1 (the defaults give 4.1 and 3.2). The dark theme's algorithm lightens them.
 */
export const PRIMARY_COLOR = '#0958d9';
export const ERROR_COLOR = '#cf1322';

/** Spec §3: the mobile flag comes from the browser's agent string. */
export function isMobileAgent(userAgent: string): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}

const themeFor = (dark: boolean): ThemeState => ({
  algorithm: dark ? 'dark' : 'default',
  colorPrimary: PRIMARY_COLOR,
  colorError: ERROR_COLOR,
});

export const useGlobalStore = create<GlobalState>()(
  persist(
    (set) => ({
      user: null,
      cid: null,
      session: null,
      loading: false,
      mobile: typeof navigator !== 'undefined' && isMobileAgent(navigator.userAgent),
      dark: false,
      language: null,
      theme: themeFor(false),
      refetch: { isFetching: false, isLoading: false, playerData: [], gameData: [] },
      setUser: (user) => set(user ? { user, cid: user.cid } : { user: null }),
      setCid: (cid) => set({ cid }),
      setSession: (session) => set({ session }),
      setLoading: (loading) => set({ loading }),
      setDark: (dark) => set({ dark, theme: themeFor(dark) }),
      setLanguage: (language) => set({ language }),
      setRefetch: (patch) => set((state) => ({ refetch: { ...state.refetch, ...patch } })),
      clearUser: () => set({ user: null, cid: null, session: null }),
    }),
    {
      name: GLOBAL_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // User state only (spec §3): flags such as loading and mobile are worked out again at load.
      partialize: (state) => ({
        user: state.user,
        cid: state.cid,
        dark: state.dark,
        language: state.language,
        theme: state.theme,
      }),
    },
  ),
);
