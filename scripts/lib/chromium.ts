import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Flags for every Chromium these tools start: no sandbox (root in containers), nothing phoning
 * home.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found: install one with `apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary).';

export type ChromiumChoice =
  | { kind: 'path'; executablePath: string }
  /** Playwright's own download (npx playwright install chromium) is present. */
  | { kind: 'bundled'; executablePath: string };

/**
 * CHROMIUM_PATH (when set, nothing else is tried), else Debian's /usr/bin/chromium, else
 * Playwright's own browser if installed.
 */
export function findChromium(): ChromiumChoice | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    return existsSync(fromEnv) ? { kind: 'path', executablePath: fromEnv } : undefined;
  }
  if (existsSync('/usr/bin/chromium')) return { kind: 'path', executablePath: '/usr/bin/chromium' };
  const bundled = bundledChromium();
  return bundled ? { kind: 'bundled', executablePath: bundled } : undefined;
}

/** The browser path, or the one-line hint and exit code 1. */
export function requireChromium(): ChromiumChoice {
  const found = findChromium();
  if (!found) {
    const path = process.env.CHROMIUM_PATH;
    console.error(
      path ? `CHROMIUM_PATH=${path} does not exist. ${NO_CHROMIUM_MESSAGE}` : NO_CHROMIUM_MESSAGE,
    );
    process.exit(1);
  }
  return found;
}

function bundledChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
