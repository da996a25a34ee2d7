/**
 * Every port the tests and benchmarks listen on, apart from dev's (8080/9099/4400/4500/5173), so
 * they can run while `npm run dev` does and next to each other. TEST_PORT_OFFSET moves every one
 * of them by the same amount, so two checkouts on one machine can run their suites at once.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

export const HOST = '127.0.0.1';
export const PROJECT_ID = 'demo-transfer-feed';

/**
 * Vitest's emulators (tests/support/globalSetup.ts), also baked into `vite.config.ts`'s test mode:
 * the gate (scripts/lib/gate/) the app talks to, and Google's Firestore emulator behind it, which
 * the rules tests reach directly (one engine for the whole run, each rules file its own project).
 */
export const TEST_FIRESTORE_HOST = `${HOST}:${8180 + offset}`;
export const TEST_FIRESTORE_ENGINE_HOST = `${HOST}:${8181 + offset}`;
export const TEST_AUTH_HOST = `${HOST}:${9199 + offset}`;
/** firebase-tools also reserves a hub and a logging port for its emulators. */
export const TEST_AUTH_HUB_PORT = 4410 + offset;
export const TEST_AUTH_LOGGING_PORT = 4510 + offset;

/** tests/config/hosting.test.ts's Hosting emulator, with firebase-tools' hub and logging ports. */
export const TEST_HOSTING = { web: 4263 + offset, hub: 4411 + offset, logging: 4511 + offset };

/**
 * A port of a feed test file's own server (a Firestore proxy, the Auth gate), by the file's `slot`
 * and the Vitest worker, so files running in parallel never collide.
 */
export function testWorkerPort(slot: number): number {
  return 18_300 + offset + slot * 100 + Number(process.env.VITEST_POOL_ID ?? '0');
}

/** A whole stack: the emulators and the web server for a production build. */
export interface StackPorts {
  firestore: number;
  auth: number;
  hub: number;
  logging: number;
  web: number;
}

/** The Playwright journeys (e2e/). */
export const E2E_PORTS: StackPorts = {
  firestore: 8280 + offset,
  auth: 9299 + offset,
  hub: 4420 + offset,
  logging: 4520 + offset,
  web: 4273 + offset,
};

/** The second Hosting emulator of e2e/update.spec.ts, which serves a build being redeployed. */
export const E2E_UPDATE_HOSTING = {
  web: 4274 + offset,
  hub: 4421 + offset,
  logging: 4521 + offset,
};

/** `npm run bench:web` has its own stack, so it can run next to the e2e suite. */
export const BENCH_PORTS: StackPorts = {
  firestore: 8380 + offset,
  auth: 9399 + offset,
  hub: 4430 + offset,
  logging: 4530 + offset,
  web: 4373 + offset,
};

/**
 * `npm run bench:gate-fuzz`: the gate and Google's engine behind it, alone (no Auth, no Hosting),
 * so the fuzz can run next to the other benches and the suites.
 */
export const GATE_FUZZ_PORTS = { gate: 8480 + offset, engine: 8481 + offset };

/**
 * `npm run bench:hot-story`: the gate and Google's engine behind it, alone, like the fuzz's pair, so
 * the bench can run next to the other benches and the suites.
 */
export const HOT_STORY_PORTS = { gate: 8580 + offset, engine: 8581 + offset };

export function firestoreUrl(ports: StackPorts): string {
  return `http://${HOST}:${ports.firestore}`;
}

export function webUrl(ports: StackPorts): string {
  return `http://${HOST}:${ports.web}`;
}
