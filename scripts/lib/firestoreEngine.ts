/**
 * Google's Cloud Firestore emulator (a Java jar), the Firestore engine of dev, every test and the
 * benches. firebase-tools 15's `emulators:start` refuses Java below 21, and the machines have 17,
 * so it is started here directly, as the Google Cloud CLI's own launcher script starts it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, spawnManaged, waitForHttp, type ManagedProcess } from './processes';

const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const COMPONENT = 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
/** Where Debian's google-cloud-cli package installs the SDK. */
const DEBIAN_SDK = '/usr/lib/google-cloud-sdk';
/** A JVM starts the engine in about 2 s on a quiet machine; a loaded one can take many times that. */
const START_TIMEOUT_MS = 120_000;

/** The one line a developer reads when the engine cannot run here. */
export class EngineMissing extends Error {
  override name = 'EngineMissing';
}

/**
 * The jar, looked for where firebase-tools and the Google Cloud CLI put it:
 * 1. FIRESTORE_EMULATOR_BINARY_PATH (firebase-tools' own override);
 * 2. firebase-tools' download cache (~/.cache/firebase/emulators/cloud-firestore-emulator-v*.jar);
 * 3. the Google Cloud CLI's component, found from `gcloud` on the PATH or Debian's install path.
 * FIRESTORE_EMULATOR_SKIP_INSTALLED=true skips 2 and 3, so a machine that has them can still
 * prove the path CI takes where they are missing.
 */
export function findEngineJar(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override) {
    if (!existsSync(override)) {
      throw new EngineMissing(
        `FIRESTORE_EMULATOR_BINARY_PATH names ${override}, which does not exist.`,
      );
    }
    return override;
  }
  const found = env.FIRESTORE_EMULATOR_SKIP_INSTALLED === 'true' ? null : installedJar(env);
  if (found) return found;
  throw new EngineMissing(
    "Google's Cloud Firestore emulator was not found: install the Google Cloud CLI's component " +
      '(apt-get install google-cloud-cli-firestore-emulator), set FIRESTORE_EMULATOR_BINARY_PATH ' +
      'to its jar, or, on a machine online, run `npx firebase setup:emulators:firestore`.',
  );
}

function installedJar(env: NodeJS.ProcessEnv): string | null {
  const cache = join(env.HOME ?? homedir(), '.cache/firebase/emulators');
  const cached = existsSync(cache)
    ? readdirSync(cache)
        .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
        .sort(byVersion)
        .at(-1)
    : undefined;
  if (cached) return join(cache, cached);
  for (const sdk of [gcloudSdkRoot(env), DEBIAN_SDK]) {
    if (sdk && existsSync(join(sdk, COMPONENT))) return join(sdk, COMPONENT);
  }
  return null;
}

/** The SDK's root from the `gcloud` on the PATH (…/bin/gcloud, often through a symlink). */
function gcloudSdkRoot(env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(':')) {
    const gcloud = join(dir, 'gcloud');
    if (dir && existsSync(gcloud)) return dirname(dirname(realpathSync(gcloud)));
  }
  return null;
}

function byVersion(a: string, b: string): number {
  const numbers = (name: string) => (name.match(/\d+/g) ?? []).map(Number);
  const [x, y] = [numbers(a), numbers(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return 0;
}

/** The Java that runs the jar: JAVA (as the CLI's launcher honours), else `java` on the PATH. */
export function findJava(env: NodeJS.ProcessEnv = process.env): string {
  const java = env.JAVA ?? 'java';
  try {
    execFileSync(java, ['-version'], { stdio: 'ignore' });
  } catch {
    throw new EngineMissing(
      "Java is needed to run Google's Firestore emulator and was not found: " +
        'apt-get install -y default-jre-headless (Java 11 or newer).',
    );
  }
  return java;
}

export interface EngineOptions {
  host?: string;
  /** A free one when not given. */
  port?: number;
  /** The rules every project starts with (each test project may load its own). */
  rulesPath?: string;
  projectId: string;
  /** An export's .overall_export_metadata file to load before the port opens. */
  importData?: string;
  onLine?: (line: string) => void;
  /** Called as soon as the process exists, so a caller can stop it even while it starts. */
  onSpawn?: (process: ManagedProcess) => void;
}

export interface Engine extends ManagedProcess {
  /** Its origin, e.g. http://127.0.0.1:8181. */
  url: string;
  host: string;
  port: number;
}

/** Starts the engine and resolves once it answers HTTP (its data, if imported, is loaded then). */
export async function startEngine(options: EngineOptions): Promise<Engine> {
  const jar = findEngineJar();
  const java = findJava();
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const args = [
    // The emulator only words its errors in English (as the CLI's launcher says).
    '-Duser.language=en',
    '-cp',
    jar,
    MAIN_CLASS,
    '--host',
    host,
    '--port',
    String(port),
    '--project_id',
    options.projectId,
  ];
  if (options.rulesPath) args.push('--rules', options.rulesPath);
  if (options.importData) args.push('--import-data', options.importData);
  const engine = spawnManaged('Firestore emulator (Google)', java, args, {
    onLine: options.onLine,
  });
  options.onSpawn?.(engine);
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(url, engine, START_TIMEOUT_MS);
  } catch (error) {
    await engine.stop();
    throw error;
  }
  return { ...engine, url, host, port };
}
