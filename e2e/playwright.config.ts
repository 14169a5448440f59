import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded one (`npx playwright install` cannot work here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // The console then animates nothing: a closing dialog is gone at once (its fading wrapper once kept
    // intercepting clicks for minutes on a loaded machine).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
