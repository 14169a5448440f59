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
 * Secondary and description text darker (lighter in the dark theme) than Ant Design's 45 % grey, which
 * gives 3.3:1 on the page background: WCAG AA asks 4.5:1 (checked by axe-core on every screen).
 */
const LIGHT_TEXT = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
};
/**
 * In the dark theme no one colour gives 4.5:1 both as text on the page and under white text: the primary
 * and error colours are light enough to read as text (links, tabs, menus, danger links), and the solid
 * buttons on them carry dark text instead.
 */
const DARK_PRIMARY = '#4096ff';
const DARK_ERROR = '#ff7875';
const DARK_TEXT = {
  colorTextSecondary: 'rgba(255, 255, 255, 0.72)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
  colorTextDescription: 'rgba(255, 255, 255, 0.62)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.52)',
};

/**
 * The Ant Design theme of the global store's theme state (algorithm, primary and error colours); without
 * animations when the system asks for reduced motion.
 */
export function antdTheme(state: ThemeState, reducedMotion = false): ThemeConfig {
  const dark = state.algorithm === 'dark';
  const primary = dark ? DARK_PRIMARY : state.colorPrimary;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      colorError: dark ? DARK_ERROR : state.colorError,
      ...(dark ? DARK_TEXT : LIGHT_TEXT),
      ...SCREEN_TOKENS,
      ...(reducedMotion ? { motion: false } : {}),
    },
    // On the dark theme's lighter primary and error colours, dark text reads (white would not).
    // The selected menu entry: white on a deep blue rather than on the primary colour (3.9:1).
    ...(dark
      ? {
          components: {
            Button: { primaryColor: '#141414', dangerColor: '#141414' },
            Menu: {
              itemSelectedBg: '#15325b',
              itemSelectedColor: '#ffffff',
              darkItemSelectedBg: '#15325b',
              darkItemSelectedColor: '#ffffff',
            },
          },
        }
      : {}),
  };
}
