import { type ThemeConfig, theme } from 'antd';
import type { ThemeState } from '../store/global-store';

/** Spec §9 responsive breakpoints: 480, 576, 768, 992, 1200, 1600 and 2000 px. */
export const BREAKPOINTS = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600, xxxl: 2000 } as const;

const SCREEN_TOKENS = {
  screenXS: BREAKPOINTS.xs,
  screenXSMin: BREAKPOINTS.xs,
  screenXSMax: BREAKPOINTS.sm - 1,
  screenSM: BREAKPOINTS.sm,
  screenSMMin: BREAKPOINTS.sm,
  screenSMMax: BREAKPOINTS.md - 1,
  screenMD: BREAKPOINTS.md,
  screenMDMin: BREAKPOINTS.md,
  screenMDMax: BREAKPOINTS.lg - 1,
  screenLG: BREAKPOINTS.lg,
  screenLGMin: BREAKPOINTS.lg,
  screenLGMax: BREAKPOINTS.xl - 1,
  screenXL: BREAKPOINTS.xl,
  screenXLMin: BREAKPOINTS.xl,
  screenXLMax: BREAKPOINTS.xxl - 1,
  screenXXL: BREAKPOINTS.xxl,
  screenXXLMin: BREAKPOINTS.xxl,
  screenXXLMax: BREAKPOINTS.xxxl - 1,
  screenXXXL: BREAKPOINTS.xxxl,
  screenXXXLMin: BREAKPOINTS.xxxl,
};

/** The Ant Design theme of the global store's theme state (algorithm, primary and error colours). */
export function antdTheme(state: ThemeState): ThemeConfig {
  return {
    algorithm: state.algorithm === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: state.colorPrimary, colorError: state.colorError, ...SCREEN_TOKENS },
  };
}
