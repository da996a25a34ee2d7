/**
 * Where the launcher finds Google's Firestore emulator: the override firebase-tools honours, then
 * firebase-tools' download cache, then the Google Cloud CLI's component; with none, one line
 * naming what to install. Each case builds the places in a temporary directory.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EngineMissing,
  ensureEngineJar,
  findEngineJar,
  findJava,
  startEngine,
} from '../../scripts/lib/firestoreEngine';
import { assertPortFree, freePort, type ManagedProcess } from '../../scripts/lib/processes';

function place(root: string, path: string): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  return file;
}

/** A machine with a home, a firebase-tools cache, and a Cloud SDK whose gcloud is on the PATH. */
function machine(options: { cache?: string[]; sdk?: boolean }) {
  const root = mkdtempSync(join(tmpdir(), 'transfer-feed-engine-'));
  const home = join(root, 'home');
  mkdirSync(home);
  for (const name of options.cache ?? []) place(home, `.cache/firebase/emulators/${name}`);
  const bin = join(root, 'bin');
  mkdirSync(bin);
  let component = '';
  if (options.sdk) {
    const gcloud = place(root, 'sdk/bin/gcloud');
    component = place(root, 'sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
    symlinkSync(gcloud, join(bin, 'gcloud'));
  }
  return { root, component, env: { HOME: home, PATH: bin } };
}

describe('findEngineJar', () => {
  it('takes FIRESTORE_EMULATOR_BINARY_PATH first', () => {
    const m = machine({ cache: ['cloud-firestore-emulator-v1.19.9.jar'], sdk: true });
    const jar = place(m.root, 'mine/emulator.jar');
    expect(findEngineJar({ ...m.env, FIRESTORE_EMULATOR_BINARY_PATH: jar })).toBe(jar);
  });

  it('says so when FIRESTORE_EMULATOR_BINARY_PATH names nothing', () => {
    const m = machine({ sdk: true });
    expect(() =>
      findEngineJar({ ...m.env, FIRESTORE_EMULATOR_BINARY_PATH: join(m.root, 'gone.jar') }),
    ).toThrow(/FIRESTORE_EMULATOR_BINARY_PATH names .*gone\.jar, which does not exist/);
  });

  it("then the newest jar of firebase-tools' cache", () => {
    const m = machine({
      cache: [
        'cloud-firestore-emulator-v1.9.0.jar',
        'cloud-firestore-emulator-v1.19.4.jar',
        'cloud-firestore-emulator-v1.19.10.jar',
        'ui-v1.15.0.zip',
      ],
      sdk: true,
    });
    expect(findEngineJar(m.env)).toBe(
      join(m.env.HOME, '.cache/firebase/emulators/cloud-firestore-emulator-v1.19.10.jar'),
    );
  });

  it("then the Google Cloud CLI's component, found from gcloud on the PATH", () => {
    const m = machine({ sdk: true });
    expect(findEngineJar(m.env)).toBe(m.component);
  });

  it('skips what is installed when told to, and names what to install', () => {
    const m = machine({ cache: ['cloud-firestore-emulator-v1.19.9.jar'], sdk: true });
    expect(() => findEngineJar({ ...m.env, FIRESTORE_EMULATOR_SKIP_INSTALLED: 'true' })).toThrow(
      /not found: install .*google-cloud-cli-firestore-emulator.*FIRESTORE_EMULATOR_BINARY_PATH.*setup:emulators:firestore/,
    );
  });
});

describe("ensureEngineJar: a fresh machine's first start", () => {
  /** The name `firebase setup:emulators:firestore` gives the jar it downloads. */
  const DOWNLOADED = 'cloud-firestore-emulator-v1.22.0.jar';
  /** This machine's search, without the Google Cloud CLI this machine itself may have. */
  const find = (env: NodeJS.ProcessEnv) => findEngineJar(env, []);
  const TODAY =
    /^Google's Cloud Firestore emulator was not found: install .*setup:emulators:firestore`\.$/;

  function run(m: ReturnType<typeof machine>, download: (env: NodeJS.ProcessEnv) => Promise<void>) {
    const lines: string[] = [];
    const downloads: NodeJS.ProcessEnv[] = [];
    const jar = ensureEngineJar(m.env, {
      find,
      download: async (env) => {
        downloads.push(env);
        await download(env);
      },
      log: (line) => lines.push(line),
    });
    return { jar, lines, downloads };
  }

  it('downloads the jar with firebase-tools when there is none, says so in one line, and uses it', async () => {
    const m = machine({});
    const cache = join(m.env.HOME, '.cache/firebase/emulators');
    const started = run(m, async (env) => {
      // What firebase-tools does: the jar, under its own name, in its cache.
      place(env.HOME ?? '', `.cache/firebase/emulators/${DOWNLOADED}`);
    });
    await expect(started.jar).resolves.toBe(join(cache, DOWNLOADED));
    expect(started.downloads).toHaveLength(1);
    expect(started.lines).toHaveLength(1);
    expect(started.lines[0]).toContain('firebase setup:emulators:firestore');
    expect(started.lines[0]).toContain(cache);
    expect(started.lines[0]).not.toContain('\n');
  });

  it("into FIREBASE_EMULATORS_PATH when set, as firebase-tools' own cache", async () => {
    const m = machine({});
    const elsewhere = join(m.root, 'emulators');
    const env = { ...m.env, FIREBASE_EMULATORS_PATH: elsewhere };
    const jar = ensureEngineJar(env, {
      find,
      download: async () => void place(elsewhere, DOWNLOADED),
      log: () => undefined,
    });
    await expect(jar).resolves.toBe(join(elsewhere, DOWNLOADED));
  });

  it("offline: the download fails, and the one-line message is today's, naming what to install", async () => {
    const m = machine({});
    const started = run(m, () => Promise.reject(new Error('Failed to make request to …')));
    const error = await started.jar.catch((error: unknown) => error);
    expect(error).toBeInstanceOf(EngineMissing);
    expect(String((error as Error).message)).toMatch(TODAY);
    expect((error as Error).message).not.toContain('Failed to make request');
    expect(started.downloads).toHaveLength(1);
    expect(started.lines).toHaveLength(1);
  });

  it('downloads nothing when the jar is there', async () => {
    const m = machine({ cache: ['cloud-firestore-emulator-v1.19.9.jar'] });
    const started = run(m, () => Promise.reject(new Error('not to be called')));
    await expect(started.jar).resolves.toBe(
      join(m.env.HOME, '.cache/firebase/emulators/cloud-firestore-emulator-v1.19.9.jar'),
    );
    expect(started.downloads).toEqual([]);
    expect(started.lines).toEqual([]);
  });

  it('downloads nothing when told which jar to use, or to skip what is installed', async () => {
    const m = machine({});
    for (const env of [
      { ...m.env, FIRESTORE_EMULATOR_BINARY_PATH: join(m.root, 'gone.jar') },
      { ...m.env, FIRESTORE_EMULATOR_SKIP_INSTALLED: 'true' },
    ]) {
      const downloads: unknown[] = [];
      const jar = ensureEngineJar(env, {
        find,
        download: async (env) => void downloads.push(env),
        log: () => undefined,
      });
      await expect(jar).rejects.toBeInstanceOf(EngineMissing);
      expect(downloads).toEqual([]);
    }
  });
});

describe('findJava', () => {
  it('names what to install when there is no Java', () => {
    expect(() => findJava({ JAVA: '/nonexistent/java' })).toThrow(
      /Java is needed .* apt-get install -y default-jre-headless/,
    );
  });

  it('finds the machine’s Java', () => {
    expect(findJava({ PATH: process.env.PATH })).toBe('java');
  });
});

describe('startEngine', () => {
  it('hands the engine over as soon as it is spawned: stopped while it starts, none is left', async () => {
    let spawned: ManagedProcess | undefined;
    const port = await freePort();
    const starting = startEngine({
      port,
      projectId: 'demo-engine-spawn',
      // As `npm run dev` does when Ctrl-C comes before the engine answers.
      onSpawn: (process) => {
        spawned = process;
        void process.stop();
      },
    });
    await expect(starting).rejects.toThrow(/exited|stopped/);
    const pid = spawned?.child.pid;
    if (!spawned || pid === undefined) throw new Error('startEngine never spawned the engine');
    const exit = await spawned.exited;
    // Ended by the stop (SIGTERM, or the JVM's 128 + 15 for it), not run to a clean exit.
    expect(exit.signal === 'SIGTERM' || exit.code === 143, JSON.stringify(exit)).toBe(true);
    // Nothing of its process group is still running, and its port is free for the next start.
    expect(() => process.kill(-pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    await expect(assertPortFree('127.0.0.1', port, 'the stopped engine')).resolves.toBeUndefined();
  });
});
