import { resolve } from 'node:path';

/**
 * The journeys' own paths; their ports and build are in scripts/lib (testPorts.ts, appBuild.ts).
 */
export const ROOT = resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = resolve(ROOT, 'e2e-screenshots');
