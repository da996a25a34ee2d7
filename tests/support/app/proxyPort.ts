import { vi } from 'vitest';
import { testWorkerPort } from '../../../scripts/lib/testPorts';

/**
 * Points the app of this test file at its Firestore proxy (src/ has no test-only paths; it is only
 * configuration) and returns the proxy's port: `slot` tells apart the files that run at once. Call
 * it from vi.hoisted, so it runs before the app's modules read their configuration.
 */
export function routeAppThroughProxy(slot: number): number {
  const port = testWorkerPort(slot);
  vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', `127.0.0.1:${port}`);
  return port;
}
