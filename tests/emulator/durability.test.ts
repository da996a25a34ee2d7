/**
 * `--data-dir`: every write answered 200 survives SIGKILL and SIGTERM while 30 fans comment
 * through the Lite SDK, the data is loaded before the port opens, and the emulator does not
 * outlive the process that started it.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  arrayUnion,
  collection,
  connectFirestoreEmulator,
  doc,
  getDocs,
  getFirestore,
  limit,
  query,
  setLogLevel,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_CLI,
  EMULATOR_LISTENING,
  spawnFirestoreEmulator,
} from '../../scripts/lib/emulators';
import { ownerClient } from '../../scripts/lib/ownerClient';
import { freePort, type ManagedProcess } from '../../scripts/lib/processes';
import { listening, until } from './cliProcess';

setLogLevel('silent');
const PROJECT = 'demo-durability';
const POSTS = 20;
const FANS = 30;
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;
const ROOT = resolve(import.meta.dirname, '../..');
const owner = (port: number) => ownerClient(`http://127.0.0.1:${port}`, PROJECT);

let dir: string;
const apps: FirebaseApp[] = [];
const running: ManagedProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'emulator-durability-'));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
  await Promise.all(running.splice(0).map((run) => run.stop('SIGKILL')));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Started, not waited for. No rules: this is about storage, and the comment rate limit would stop the fans. */
function spawnEmulator(port: number, dataDir: string, extra: string[] = []): ManagedProcess {
  const run = spawnFirestoreEmulator(['--port', String(port), '--data-dir', dataDir, ...extra]);
  running.push(run);
  return run;
}

async function startEmulator(
  port: number,
  dataDir: string,
  extra: string[] = [],
): Promise<ManagedProcess> {
  const run = spawnEmulator(port, dataDir, extra);
  await run.waitForLine(EMULATOR_LISTENING);
  return run;
}

function fanClient(port: number, fan: number): Firestore {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, `durability-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port, {
    mockUserToken: { sub: `fan${fan}`, email: `fan${fan}@example.test`, email_verified: true },
  });
  return db;
}

async function seedPosts(port: number): Promise<void> {
  const writes = Array.from({ length: POSTS }, (_, i) => ({
    update: {
      name: `${DOCS}/posts/p${i}`,
      fields: {
        title: { stringValue: `Post ${i}` },
        content: { stringValue: 'Transfer news' },
        imageUrl: { stringValue: '' },
        link: { stringValue: '' },
        comments: { arrayValue: {} },
        created: { integerValue: String(1_700_000_000_000 + i) },
      },
    },
  }));
  await owner(port).commit(writes);
}

/** 30 fans comment until their first failure; returns the texts of the comments answered 200. */
function commentUntilStopped(port: number): { acknowledged: string[]; done: Promise<unknown> } {
  const acknowledged: string[] = [];
  const fans = Array.from({ length: FANS }, async (_, fan) => {
    const db = fanClient(port, fan);
    for (let n = 0; ; n++) {
      const text = `fan ${fan} comment ${n}`;
      const comment = { user: `fan${fan}@example.test`, text, date: new Date().toISOString() };
      try {
        await updateDoc(doc(db, 'posts', `p${(fan + n) % POSTS}`), {
          comments: arrayUnion(comment),
        });
      } catch {
        return;
      }
      acknowledged.push(text);
    }
  });
  return { acknowledged, done: Promise.all(fans) };
}

async function storedComments(port: number): Promise<Set<string>> {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, `reader-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', port);
  const snapshot = await getDocs(query(collection(db, 'posts'), limit(50)));
  const texts = new Set<string>();
  for (const post of snapshot.docs) {
    // Posts as seeded above: comments is a list of {user, text, date} maps.
    for (const comment of post.data().comments as { text: string }[]) texts.add(comment.text);
  }
  return texts;
}

describe('--data-dir', () => {
  for (const [signal, flags] of [
    ['SIGKILL', []],
    ['SIGTERM', []],
    ['SIGKILL', ['--journal-fsync']],
  ] as const) {
    it(`loses none of the comments answered 200 when the emulator gets ${signal} while 30 fans comment${flags.length > 0 ? ` (${flags.join(' ')})` : ''}`, async () => {
      const port = await freePort();
      const dataDir = join(dir, `${signal}${flags.join('')}`);
      const first = await startEmulator(port, dataDir, [...flags]);
      await seedPosts(port);
      const fans = commentUntilStopped(port);
      await until(() => fans.acknowledged.length >= 300, '300 acknowledged comments');
      first.child.kill(signal);
      const exit = await first.exited;
      await fans.done;
      if (signal === 'SIGTERM') expect(exit.code).toBe(0);
      else expect(exit.signal).toBe('SIGKILL');
      const acknowledged = [...fans.acknowledged];
      if (signal === 'SIGKILL') {
        // A line cut short by the kill: never answered, so replay must drop it, not fail.
        await appendFile(join(dataDir, 'firestore-journal.log'), '0badf00d {"project":"demo-dur');
      } else {
        // A clean stop compacts everything into the export.
        expect((await readFile(join(dataDir, 'firestore-journal.log'))).length).toBe(0);
      }

      await startEmulator(port, dataDir);
      const stored = await storedComments(port);
      const lost = acknowledged.filter((text) => !stored.has(text));
      expect(lost).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    }, 60_000);
  }

  it('loads the data before the port opens: the first answer already holds every document', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'gap');
    const first = await startEmulator(port, dataDir);
    for (let batch = 0; batch < 6; batch++) {
      const writes = Array.from({ length: 500 }, (_, i) => ({
        update: {
          name: `${DOCS}/items/i${batch * 500 + i}`,
          fields: { text: { stringValue: 'x'.repeat(500) } },
        },
      }));
      await owner(port).commit(writes);
    }
    first.child.kill('SIGTERM');
    await first.exited;

    spawnEmulator(port, dataDir);
    let first200: unknown[] | null = null;
    await until(async () => {
      try {
        first200 = await owner(port).runQuery({ from: [{ collectionId: 'items' }] });
      } catch {
        // Not listening yet.
      }
      return first200 !== null;
    }, 'the first answer');
    expect(first200).toHaveLength(3000);
  }, 60_000);

  it('refuses a second emulator on the same data directory, which would cut the journal short', async () => {
    const dataDir = join(dir, 'shared');
    await startEmulator(await freePort(), dataDir);
    const second = spawnEmulator(await freePort(), dataDir);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain('is in use by another emulator');
  }, 60_000);

  it('starts again at once on the same data directory after a SIGKILL, round after round, keeping every write', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'restart');
    const rounds = 5;
    let run = await startEmulator(port, dataDir);
    for (let round = 0; round < rounds; round++) {
      await owner(port).commit([
        {
          update: { name: `${DOCS}/rounds/r${round}`, fields: { n: { integerValue: `${round}` } } },
        },
      ]);
      // The next one starts before this one is even reaped: its lock must not hold the directory.
      run.child.kill('SIGKILL');
      run = await startEmulator(port, dataDir);
    }
    const kept = await owner(port).runQuery({ from: [{ collectionId: 'rounds' }] });
    expect(kept.map((document) => document.name.split('/').pop())).toEqual(
      Array.from({ length: rounds }, (_, round) => `r${round}`),
    );
  }, 120_000);

  it('stops and saves when only the process that started it (npx) is signalled', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'npx');
    const run = spawnFirestoreEmulator(['--port', String(port), '--data-dir', dataDir], {
      command: [join(ROOT, 'node_modules/.bin/tsx'), EMULATOR_CLI],
    });
    running.push(run);
    await run.waitForLine(EMULATOR_LISTENING);
    await owner(port).commit([
      { update: { name: `${DOCS}/posts/kept`, fields: { n: { integerValue: '1' } } } },
    ]);
    // SIGKILL cannot be relayed: only the emulator's own watch on its parents can stop it.
    run.child.kill('SIGKILL');
    await until(async () => !(await listening(port)), 'the port to be released', 10_000);
    const exported = join(dataDir, 'firestore-export.json');
    await until(() => existsSync(exported), 'the export', 10_000);
    expect(await readFile(exported, 'utf8')).toContain(`${DOCS}/posts/kept`);
  }, 60_000);
});
