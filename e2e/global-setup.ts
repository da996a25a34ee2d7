import { E2E_BUILD_DIR, buildBundle } from '../scripts/lib/appBuild';
import { startStack } from '../scripts/lib/stack';
import { E2E_PORTS } from '../scripts/lib/testPorts';

/**
 * Once per run: the production bundle with the e2e emulator hosts baked in, the Auth and Firestore
 * emulators (enforcing firestore.rules) with the demo posts, and the Hosting emulator serving the
 * bundle by firebase.json. The returned function is Playwright's teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const build = await buildBundle(E2E_BUILD_DIR, E2E_PORTS);
  // One clock for the whole run, so every reseed dates the demo posts the same way.
  const seedNow = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const stack = await startStack(E2E_PORTS, E2E_BUILD_DIR, seedNow);
  // Workers inherit the environment that global setup leaves behind.
  process.env.E2E_SEED_NOW = String(seedNow);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`e2e: bundle ${build}, emulators up, app at ${stack.url} (${seconds} s)`);
  return stack.stop;
}
