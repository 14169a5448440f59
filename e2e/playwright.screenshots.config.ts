import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots -w @pitboss/e2e`: rewrites docs/screenshots/ (not part of the test run). */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '*.ts',
});
