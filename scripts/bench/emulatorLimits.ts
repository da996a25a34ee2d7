/**
 * The emulator under abuse, for `npm run bench:emulator`: memory and comment latency after 10,000
 * anonymous queries with distinct orders over 2,000 posts, comment latency with the journal on, and
 * start time with a 50 MB data directory. Each figure is printed with its target; the run
 * reports how many were missed. (Helpers come in as a parameter: emulator.ts, which owns them,
 * also calls this.)
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { commentCopy } from '../lib/commentCopy';
import { toFields } from '../lib/ownerClient';
import type { Fields } from '../../emulator/model';
import type { BenchEmulator, BenchEmulatorOptions } from './emulator';
import { printLine, type BenchLine } from './emulatorFigures';

const ROOT = resolve(import.meta.dirname, '../..');
const RULES = join(ROOT, 'firestore.rules');
const FIELDS = ['title', 'content', 'imageUrl', 'link', 'created', 'comments'];

export interface LimitsBenchHelpers {
  startBenchEmulator(options: BenchEmulatorOptions): Promise<BenchEmulator>;
  loadPosts(emulator: BenchEmulator, count: number, from?: number): Promise<void>;
  measure(runs: number, fn: () => Promise<unknown>, warmup?: number): Promise<[number, number]>;
  postName(i: number): string;
  postFields(i: number): Fields;
}

type Figure = BenchLine & { target: number };

/** An unsigned ID token, as the Auth emulator issues them (the emulator does not verify). */
function fanToken(fan: number): string {
  const part = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');
  const email = `fan${fan}@example.test`;
  const claims = {
    sub: `fan${fan}`,
    user_id: `fan${fan}`,
    email,
    email_verified: true,
    firebase: { sign_in_provider: 'google.com' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * The commit the Lite SDK sends for the app's comment: the post's arrayUnion and, in the same
 * batch, the comment's moderation copy comments/{id}, the account's commenters/{uid} stamped with
 * the server time and naming that copy (the rules' rate limit) and the post's change stamp
 * postChanges/{id} (what open pages poll).
 */
async function commentWrite(name: string, title: string, fan: number, n: number): Promise<unknown> {
  const plain = {
    user: `fan${fan}@example.test`,
    text: `Comment ${n}: what a signing`,
    date: new Date().toISOString(),
  };
  const comment = toFields(plain);
  const postId = name.slice(name.lastIndexOf('/') + 1);
  const copy = await commentCopy(postId, title, `fan${fan}`, plain);
  const under = (path: string) => name.replace(/\/posts\/[^/]+$/, `/${path}`);
  return {
    writes: [
      {
        update: { name, fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          {
            fieldPath: 'comments',
            appendMissingElements: { values: [{ mapValue: { fields: comment } }] },
          },
        ],
        currentDocument: { exists: true },
      },
      {
        update: { name: under(`comments/${copy.id}`), fields: toFields(copy.fields) },
        updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }],
      },
      {
        update: { name: under(`commenters/fan${fan}`), fields: toFields({ target: copy.id }) },
        updateTransforms: [{ fieldPath: 'last', setToServerValue: 'REQUEST_TIME' }],
      },
      {
        update: { name: name.replace('/posts/', '/postChanges/'), fields: {} },
        updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }],
      },
    ],
  };
}

/** p50 of `runs` fan comments spread over the posts (the rules allow at most 400 a post). */
async function commentP50(
  helpers: LimitsBenchHelpers,
  emulator: BenchEmulator,
  posts: number,
  runs: number,
): Promise<number> {
  const warmup = 20;
  // Built before timing (the copy's id is a SHA-256 the client computes): the figure is the
  // server's. A different fan each time: the rules allow an account one comment every 10 s.
  const commits = await Promise.all(
    Array.from({ length: warmup + runs }, (_, i) => {
      const post = i % posts;
      const title = helpers.postFields(post).title;
      if (!('stringValue' in title)) throw new Error('The bench posts have string titles.');
      return commentWrite(helpers.postName(post), title.stringValue, i, i);
    }),
  );
  let n = 0;
  const [p50] = await helpers.measure(
    runs,
    () => {
      const i = n++;
      return emulator.call('commit', commits[i], fanToken(i));
    },
    warmup,
  );
  return p50;
}

/**
 * The i-th of 23,040 distinct orders: a permutation of 5 of the 6 post fields (i / 32, decoded
 * digit by digit), each ascending or descending (the low 5 bits of i).
 */
function distinctOrder(i: number): unknown[] {
  const fields = [...FIELDS];
  const picked: string[] = [];
  let rest = Math.floor(i / 32);
  for (let k = 0; k < 5; k++) {
    const base = fields.length;
    picked.push(fields.splice(rest % base, 1)[0]);
    rest = Math.floor(rest / base);
  }
  return picked.map((fieldPath, k) => ({
    field: { fieldPath },
    direction: (i >> k) & 1 ? 'DESCENDING' : 'ASCENDING',
  }));
}

async function afterDistinctOrders(helpers: LimitsBenchHelpers): Promise<Figure[]> {
  // Unchecked indexes: production would refuse these orders, but the emulator's own bound on the
  // orderings it keeps is what is measured here.
  const emulator = await helpers.startBenchEmulator({ rulesPath: RULES, enforceIndexes: false });
  try {
    await helpers.loadPosts(emulator, 2_000);
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const orderBy = distinctOrder(i);
      seen.add(JSON.stringify(orderBy));
      // Anonymous, as anyone on the internet could send them: the rules allow limit ≤ 50.
      await emulator.call(
        'runQuery',
        { structuredQuery: { from: [{ collectionId: 'posts' }], orderBy, limit: 1 } },
        '',
      );
    }
    if (seen.size !== 10_000) throw new Error(`Only ${seen.size} distinct orders were generated.`);
    return [
      {
        name: 'RSS after 10,000 distinct-order queries over 2,000 posts',
        value: emulator.rssMegabytes(),
        unit: 'MB',
        target: 400,
      },
      {
        name: 'comment write p50 after 10,000 distinct-order queries',
        value: await commentP50(helpers, emulator, 2_000, 300),
        unit: 'ms',
        target: 2,
      },
    ];
  } finally {
    await emulator.stop();
  }
}

async function withDataDir(helpers: LimitsBenchHelpers, dir: string): Promise<Figure[]> {
  const journaled = await helpers.startBenchEmulator({ rulesPath: RULES, dataDir: dir });
  let commentMs: number;
  try {
    await helpers.loadPosts(journaled, 2_000);
    commentMs = await commentP50(helpers, journaled, 2_000, 300);
    // About 50 MB in all: half compacted into the export by a clean stop, half left in the
    // journal by a kill, so the start below reads and replays both.
    await helpers.loadPosts(journaled, 22_000);
  } finally {
    await journaled.stop('SIGTERM');
  }
  const second = await helpers.startBenchEmulator({ dataDir: dir });
  await helpers.loadPosts(second, 22_000, 22_000);
  await second.stop('SIGKILL');
  const bytes =
    (await stat(join(dir, 'firestore-export.json'))).size +
    (await stat(join(dir, 'firestore-journal.log'))).size;
  // Median of three starts; each ends with SIGKILL, so each reads the export and the journal.
  const starts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const next = await helpers.startBenchEmulator({ dataDir: dir });
    starts.push((performance.now() - started) / 1000);
    await next.stop('SIGKILL');
  }
  const startSeconds = starts.sort((a, b) => a - b)[1];
  return [
    { name: 'comment write p50 with the journal on', value: commentMs, unit: 'ms', target: 1 },
    {
      name: `start with a ${Math.round(bytes / 1e6)} MB data directory (export + journal, median of 3)`,
      value: startSeconds,
      unit: 's',
      target: 2,
    },
  ];
}

/** Prints each figure with its target; returns how many were missed. */
export async function runLimitsBench(helpers: LimitsBenchHelpers): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-emulator-data-'));
  try {
    const figures = [...(await afterDistinctOrders(helpers)), ...(await withDataDir(helpers, dir))];
    return figures.filter((figure) => !printLine(figure)).length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
