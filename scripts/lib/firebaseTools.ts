import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { assertPortFree, spawnManaged, waitForHttp, type ManagedProcess } from './processes';

const FIREBASE = resolve(import.meta.dirname, '../../node_modules/.bin/firebase');
/**
 * firebase-tools takes 7–22 s to start on a quiet machine and over a minute on a loaded one: this
 * limit is for emulators that will never answer, not a race.
 */
const START_TIMEOUT_MS = 180_000;

/** One firebase-tools emulator to start: its name for `--only`, its port, its config section. */
export interface FirebaseEmulator {
  name: 'auth' | 'hosting';
  port: number;
  /** firebase.json's top-level section for it, if it needs one (hosting's `hosting`). */
  section?: (configDir: string) => unknown;
}

export interface FirebaseToolsOptions {
  host: string;
  projectId: string;
  /** The emulator hub and logging ports, which firebase-tools reserves with any emulator. */
  hubPort: number;
  loggingPort: number;
  emulators: FirebaseEmulator[];
  onLine?: (line: string) => void;
  /** Called as soon as the process exists, so a caller can stop it even while it starts. */
  onSpawn?: (process: ManagedProcess) => void;
}

/**
 * The emulators of firebase-tools (they run offline with a demo- project; UI off), in one
 * `firebase emulators:start --only …` on a private generated config, so the ports are ours and
 * firebase-debug.log stays out of the work tree. Resolves once every one answers HTTP.
 */
export async function startFirebaseEmulators(
  options: FirebaseToolsOptions,
): Promise<ManagedProcess> {
  const { host, emulators } = options;
  for (const { name, port } of emulators) await assertPortFree(host, port, `${name} emulator`);
  await assertPortFree(host, options.hubPort, 'emulator hub');
  await assertPortFree(host, options.loggingPort, 'emulator logging');
  const dir = mkdtempSync(join(tmpdir(), 'transfer-feed-firebase-'));
  const config: Record<string, unknown> = {
    emulators: {
      ...Object.fromEntries(emulators.map(({ name, port }) => [name, { host, port }])),
      hub: { host, port: options.hubPort },
      logging: { host, port: options.loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  for (const { name, section } of emulators) if (section) config[name] = section(dir);
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config));
  const only = emulators.map(({ name }) => name).join(',');
  const managed = spawnManaged(
    `Firebase emulators (${only})`,
    FIREBASE,
    ['emulators:start', '--only', only, '--project', options.projectId],
    { cwd: dir, onLine: options.onLine },
  );
  options.onSpawn?.(managed);
  const stop = async () => {
    await managed.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const { port } of emulators) {
      await waitForHttp(`http://${host}:${port}/`, managed, START_TIMEOUT_MS);
    }
  } catch (error) {
    await stop();
    const said = managed.output().split('\n').slice(-20).join('\n');
    throw new Error(`${String(error)}; firebase-tools said:\n${said}`, { cause: error });
  }
  return { ...managed, stop };
}
