import {
  INDEXES_PATH,
  parseHostPort,
  startAuthEmulator,
  startFirestoreEmulatorProcess,
} from '../../scripts/lib/emulators';
import type { ManagedProcess } from '../../scripts/lib/processes';
import {
  TEST_AUTH_HOST,
  TEST_AUTH_HUB_PORT,
  TEST_AUTH_LOGGING_PORT,
  TEST_FIRESTORE_HOST,
  PROJECT_ID,
} from '../../scripts/lib/testPorts';

/** Starts the Auth and Firestore emulators once for the app's integration tests. */
export default async function setup(): Promise<() => Promise<void>> {
  const started: ManagedProcess[] = [];
  const keep = (process: ManagedProcess) => {
    started.push(process);
  };
  const stopAll = async () => {
    await Promise.all(started.map((process) => process.stop()));
  };
  const results = await Promise.allSettled([
    startAuthEmulator({
      ...parseHostPort(TEST_AUTH_HOST),
      projectId: PROJECT_ID,
      hubPort: TEST_AUTH_HUB_PORT,
      loggingPort: TEST_AUTH_LOGGING_PORT,
    }).then(keep),
    startFirestoreEmulatorProcess({
      ...parseHostPort(TEST_FIRESTORE_HOST),
      rulesPath: 'firestore.rules',
      indexesPath: INDEXES_PATH,
    }).then(keep),
  ]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  return stopAll;
}
