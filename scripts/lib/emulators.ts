import { join, resolve } from 'node:path';
import { startFirebaseEmulators } from './firebaseTools';
import { assertPortFree, freePort, spawnManaged, type ManagedProcess } from './processes';

const ROOT = resolve(import.meta.dirname, '../..');
export const EMULATOR_CLI = join(ROOT, 'emulator/cli.ts');
/** The composite indexes the app's queries need; dev, tests and benchmarks enforce them (--indexes). */
export const INDEXES_PATH = join(ROOT, 'firestore.indexes.json');
/** What the emulator's banner line says once its port is open. */
export const EMULATOR_LISTENING = 'listening on';

export interface HostPort {
  host: string;
  port: number;
}

export function parseHostPort(value: string): HostPort {
  const [host, port] = value.split(':');
  const parsed = Number(port);
  if (!host || !Number.isInteger(parsed)) throw new Error(`Expected host:port, got "${value}"`);
  return { host, port: parsed };
}

interface StartHooks {
  onLine?: (line: string) => void;
  /** Called as soon as the process exists, so a caller can stop it even while it starts. */
  onSpawn?: (process: ManagedProcess) => void;
}

export interface AuthEmulatorOptions extends HostPort, StartHooks {
  projectId: string;
  hubPort: number;
  loggingPort: number;
}

/** The Firebase Auth emulator from firebase-tools, alone (the e2e stack starts it with Hosting). */
export function startAuthEmulator(options: AuthEmulatorOptions): Promise<ManagedProcess> {
  const { port, ...rest } = options;
  return startFirebaseEmulators({ ...rest, emulators: [{ name: 'auth', port }] });
}

export interface FirestoreEmulatorOptions extends StartHooks {
  host?: string;
  /** A free one when not given. */
  port?: number;
  rulesPath?: string;
  watchRules?: boolean;
  /** Refuse queries these indexes cannot serve, as production does (emulator --indexes). */
  indexesPath?: string;
  /** Loaded before the port opens, journaled on every commit, saved on stop (emulator --data-dir). */
  dataDir?: string;
  importDir?: string;
  exportOnExit?: string;
}

export interface FirestoreEmulatorProcess extends ManagedProcess {
  /** Its origin, e.g. http://127.0.0.1:8180. */
  url: string;
}

/**
 * This project's Firestore emulator (emulator/cli.ts) as a child process. It opens its port only
 * once its data is loaded, so when this resolves the store is complete.
 */
export async function startFirestoreEmulatorProcess(
  options: FirestoreEmulatorOptions = {},
): Promise<FirestoreEmulatorProcess> {
  const host = options.host ?? '127.0.0.1';
  let port = options.port;
  if (port === undefined) port = await freePort(host);
  else await assertPortFree(host, port, 'Firestore emulator');
  const args = ['--host', host, '--port', String(port)];
  if (options.rulesPath) args.push('--rules', options.rulesPath);
  if (options.watchRules) args.push('--watch-rules');
  if (options.indexesPath) args.push('--indexes', options.indexesPath);
  if (options.dataDir) args.push('--data-dir', options.dataDir);
  if (options.importDir) args.push('--import', options.importDir);
  if (options.exportOnExit) args.push('--export-on-exit', options.exportOnExit);
  const managed = spawnFirestoreEmulator(args, { onLine: options.onLine });
  options.onSpawn?.(managed);
  try {
    await managed.waitForLine(EMULATOR_LISTENING, 30_000);
  } catch (error) {
    await managed.stop();
    throw error;
  }
  return { ...managed, url: `http://${host}:${port}` };
}

export interface SpawnEmulatorOptions {
  onLine?: (line: string) => void;
  /** Another command line that runs emulator/cli.ts (e.g. node_modules/.bin/tsx); node --import tsx by default. */
  command?: string[];
}

/** `node --import tsx emulator/cli.ts ...args`, not waited for (tests of how it starts and stops). */
export function spawnFirestoreEmulator(
  args: string[],
  options: SpawnEmulatorOptions = {},
): ManagedProcess {
  const [program, ...programArgs] = options.command ?? [
    process.execPath,
    '--import',
    'tsx',
    EMULATOR_CLI,
  ];
  return spawnManaged('Firestore emulator', program, [...programArgs, ...args], {
    cwd: ROOT,
    onLine: options.onLine,
  });
}
