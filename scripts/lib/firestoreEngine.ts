/**
 * Google's Cloud Firestore emulator (a Java jar), the Firestore engine of dev, every test and the
 * benches. firebase-tools 15's `emulators:start` refuses Java below 21, and the machines have 17,
 * so it is started here directly, as the Google Cloud CLI's own launcher script starts it.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort, spawnManaged, waitForHttp, type ManagedProcess } from './processes';

const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const COMPONENT = 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
/** Where Debian's google-cloud-cli package installs the SDK. */
const DEBIAN_SDK = '/usr/lib/google-cloud-sdk';
/** firebase-tools, whose `setup:emulators:firestore` downloads the engine into its cache. */
const FIREBASE = resolve(import.meta.dirname, '../../node_modules/.bin/firebase');
/** The jar is about 140 MB: time for a slow line, not for a download that hangs. */
const DOWNLOAD_TIMEOUT_MS = 15 * 60_000;
/**
 * A JVM starts the engine in about 2 s on a quiet machine; a loaded one can take many times that.
 */
const START_TIMEOUT_MS = 120_000;

/** The one line a developer reads when the engine cannot run here. */
export class EngineMissing extends Error {
  override name = 'EngineMissing';
}

/**
 * The jar, looked for where firebase-tools and the Google Cloud CLI put it:
 * 1. FIRESTORE_EMULATOR_BINARY_PATH (firebase-tools' own override);
 * 2. firebase-tools' download cache (FIREBASE_EMULATORS_PATH, else ~/.cache/firebase/emulators/,
 *    where `firebase setup:emulators:firestore` writes cloud-firestore-emulator-v<version>.jar);
 * 3. the Google Cloud CLI's component, found from `gcloud` on the PATH or Debian's install path.
 * FIRESTORE_EMULATOR_SKIP_INSTALLED=true skips 2 and 3, so a machine that has them can still
 * prove the path CI takes where they are missing.
 */
export function findEngineJar(
  env: NodeJS.ProcessEnv = process.env,
  /** Where the Google Cloud CLI is installed when no `gcloud` is on the PATH. */
  sdkRoots: readonly string[] = [DEBIAN_SDK],
): string {
  const override = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override) {
    if (!existsSync(override)) {
      throw new EngineMissing(
        `FIRESTORE_EMULATOR_BINARY_PATH names ${override}, which does not exist.`,
      );
    }
    return override;
  }
  const found =
    env.FIRESTORE_EMULATOR_SKIP_INSTALLED === 'true' ? null : installedJar(env, sdkRoots);
  if (found) return found;
  throw new EngineMissing(
    "Google's Cloud Firestore emulator was not found: install the Google Cloud CLI's component " +
      '(apt-get install google-cloud-cli-firestore-emulator), set FIRESTORE_EMULATOR_BINARY_PATH ' +
      'to its jar, or, on a machine online, run `npx firebase setup:emulators:firestore`.',
  );
}

/** Where firebase-tools keeps (and downloads) its emulators, as it decides it. */
export function firebaseToolsCache(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIREBASE_EMULATORS_PATH || join(env.HOME ?? homedir(), '.cache/firebase/emulators');
}

function installedJar(env: NodeJS.ProcessEnv, sdkRoots: readonly string[]): string | null {
  const cache = firebaseToolsCache(env);
  const cached = existsSync(cache)
    ? readdirSync(cache)
        .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
        .sort(byVersion)
        .at(-1)
    : undefined;
  if (cached) return join(cache, cached);
  for (const sdk of [gcloudSdkRoot(env), ...sdkRoots]) {
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

export interface EngineJarSources {
  /** Where the jar is looked for (findEngineJar); throws EngineMissing when it is nowhere. */
  find?: (env: NodeJS.ProcessEnv) => string;
  /** Fetches the jar into firebase-tools' cache; rejects when it cannot (offline, say). */
  download?: (env: NodeJS.ProcessEnv) => Promise<void>;
  /** Where the one line about the download goes. */
  log?: (line: string) => void;
}

/**
 * The jar to run: findEngineJar's, or, when there is none on this machine, the one firebase-tools
 * downloads into its cache (`firebase setup:emulators:firestore`), so a fresh machine online with
 * Java needs nothing else. Tried once: when the download fails (offline), the EngineMissing that
 * names what to install. An override that names nothing, or FIRESTORE_EMULATOR_SKIP_INSTALLED
 * (which ignores that cache), is reported as it is, without a download.
 */
export async function ensureEngineJar(
  env: NodeJS.ProcessEnv = process.env,
  sources: EngineJarSources = {},
): Promise<string> {
  const {
    find = (env) => findEngineJar(env),
    download = downloadEngineJar,
    log = console.log,
  } = sources;
  try {
    return find(env);
  } catch (missing) {
    const downloadable =
      missing instanceof EngineMissing &&
      !env.FIRESTORE_EMULATOR_BINARY_PATH &&
      env.FIRESTORE_EMULATOR_SKIP_INSTALLED !== 'true';
    if (!downloadable) throw missing;
    log(
      "Google's Firestore emulator is not on this machine: downloading it with firebase-tools " +
        `(firebase setup:emulators:firestore) into ${firebaseToolsCache(env)} (once, about 140 MB).`,
    );
    try {
      await download(env);
    } catch {
      throw missing;
    }
    return find(env);
  }
}

let downloading: Promise<void> | null = null;

/** `firebase setup:emulators:firestore`, once per process however many engines start at once. */
export function downloadEngineJar(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  downloading ??= new Promise<void>((resolve, reject) => {
    execFile(
      FIREBASE,
      ['setup:emulators:firestore'],
      { env, timeout: DOWNLOAD_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stdout}${stderr}`, { cause: error }));
        else resolve();
      },
    );
  });
  return downloading;
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
  const jar = await ensureEngineJar();
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
