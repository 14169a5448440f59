import { type ThemeConfig, theme } from 'antd';
import type { ThemeState } from '../store/global-store';

/** Spec §9 responsive breakpoints: 480, 576, 768, 992, 1200, 1600 and 2000 px. */
export const BREAKPOINTS = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600, xxxl: 2000 } as const;

/** Ant Design's screen tokens (`screenMD`, `screenMDMin`, `screenMDMax`, …) for those breakpoints. */
function screenTokens(): Record<string, number> {
  const names = Object.keys(BREAKPOINTS) as (keyof typeof BREAKPOINTS)[];
  const tokens: Record<string, number> = {};
  names.forEach((name, index) => {
    const key = `screen${name.toUpperCase()}`;
    tokens[key] = BREAKPOINTS[name];
    tokens[`${key}Min`] = BREAKPOINTS[name];
    const next = names[index + 1];
    if (next) tokens[`${key}Max`] = BREAKPOINTS[next] - 1;
  });
  return tokens;
}

const SCREEN_TOKENS = screenTokens();

/**
 * The Ant Design theme of the global store's theme state (algorithm, primary and error colours); without
 * animations when the system asks for reduced motion.
 */
export function antdTheme(state: ThemeState, reducedMotion = false): ThemeConfig {
  return {
    algorithm: state.algorithm === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: state.colorPrimary,
      colorError: state.colorError,
      ...SCREEN_TOKENS,
      ...(reducedMotion ? { motion: false } : {}),
    },
  };
}
