import { join, resolve } from 'node:path';
import { parseHostPort, startAuthEmulator, startFirestore } from '../../scripts/lib/emulators';
import type { ManagedProcess } from '../../scripts/lib/processes';
import {
  TEST_AUTH_HOST,
  TEST_AUTH_HUB_PORT,
  TEST_AUTH_LOGGING_PORT,
  TEST_FIRESTORE_ENGINE_HOST,
  TEST_FIRESTORE_HOST,
  PROJECT_ID,
} from '../../scripts/lib/testPorts';
import { reportsSince } from './rulesCoverage';

interface Running {
  stop(): Promise<void>;
}

/**
 * Both Vitest projects name this file; the first to run starts the emulators for the whole run
 * (Google's Firestore emulator behind the gate, the Auth emulator), the other shares them. Every
 * global setup runs in Vitest's one main process, so globalThis is shared between them.
 */
const shared = globalThis as { transferFeedEmulators?: Promise<Running> };

export default async function setup(): Promise<() => Promise<void>> {
  const owner = !shared.transferFeedEmulators;
  const started = Date.now();
  shared.transferFeedEmulators ??= startAll();
  const running = await shared.transferFeedEmulators;
  if (!owner) return async () => undefined;
  return async () => {
    const reports = reportsSince(started);
    if (reports.length > 0) {
      console.log(`Rules coverage (what the rules tests evaluated):\n  ${reports.join('\n  ')}`);
    }
    await running.stop();
  };
}

async function startAll(): Promise<Running> {
  const started: ManagedProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((process) => process.stop()));
  };
  const results = await Promise.allSettled([
    startAuthEmulator({
      ...parseHostPort(TEST_AUTH_HOST),
      projectId: PROJECT_ID,
      hubPort: TEST_AUTH_HUB_PORT,
      loggingPort: TEST_AUTH_LOGGING_PORT,
    }),
    startFirestore({
      ...parseHostPort(TEST_FIRESTORE_HOST),
      enginePort: parseHostPort(TEST_FIRESTORE_ENGINE_HOST).port,
      rulesPath: join(resolve(import.meta.dirname, '../..'), 'firestore.rules'),
      projectId: PROJECT_ID,
    }),
  ]);
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  return { stop };
}
