import { resolve } from 'node:path';

/**
 * Where the browser tests run. Their own ports, apart from dev (8080/9099/4400/4500/5173) and
 * Vitest (8180/9199/4410/4510), so `npm run test:e2e` can run while either of those does.
 */
export const ROOT = resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';
export const PROJECT_ID = 'demo-transfer-feed';

export interface StackPorts {
  firestore: number;
  auth: number;
  hub: number;
  logging: number;
  web: number;
}

/** TEST_PORT_OFFSET moves every port, as for Vitest (tests/support/ports.ts). */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

export const E2E_PORTS: StackPorts = {
  firestore: 8280 + offset,
  auth: 9299 + offset,
  hub: 4420 + offset,
  logging: 4520 + offset,
  web: 4273 + offset,
};

/** The web benchmark has its own stack too, so it can run next to the e2e suite. */
export const BENCH_PORTS: StackPorts = {
  firestore: 8380 + offset,
  auth: 9399 + offset,
  hub: 4430 + offset,
  logging: 4530 + offset,
  web: 4373 + offset,
};

/** Production bundles built for the browser runs (dist-e2e/ is git-ignored). */
export const E2E_BUILD_DIR = resolve(ROOT, 'dist-e2e/app');
export const BENCH_BUILD_DIR = resolve(ROOT, 'dist-e2e/bench');
export const SCREENSHOT_DIR = resolve(ROOT, 'e2e-screenshots');

export function firestoreUrl(ports: StackPorts): string {
  return `http://${HOST}:${ports.firestore}`;
}

export function webUrl(ports: StackPorts): string {
  return `http://${HOST}:${ports.web}`;
}
