/**
 * Where the launcher finds Google's Firestore emulator: the override firebase-tools honours, then
 * firebase-tools' download cache, then the Google Cloud CLI's component; with none, one line
 * naming what to install. Each case builds the places in a temporary directory.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEngineJar, findJava, startEngine } from '../../scripts/lib/firestoreEngine';
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
