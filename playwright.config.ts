import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './scripts/lib/chromium';
import { E2E_PORTS, webUrl } from './scripts/lib/testPorts';

const browser = requireChromium();

/**
 * Browser journeys on the production build, served locally against the emulators with the demo
 * posts (see e2e/global-setup.ts). One worker: the tests share one emulator and the machine is
 * small.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: webUrl(E2E_PORTS),
    browserName: 'chromium',
    launchOptions: {
      // Playwright finds its own download by itself; anything else needs the path.
      executablePath: browser.kind === 'path' ? browser.executablePath : undefined,
      args: CHROMIUM_ARGS,
    },
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      // Keyboard-only journeys are a desktop matter; a phone has no Tab key.
      grepInvert: /@desktop-only/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
});
