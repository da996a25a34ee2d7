/**
 * `npm run bench:emulator`: the Firestore emulator under the feed's load, measured over HTTP as a
 * client sees it. Spawns `emulator/cli.ts` as a child on 127.0.0.1 (so its RSS is its own),
 * loads 100,000 posts of about 1 KB in commits of 500, then prints `name: value unit` lines.
 * Latencies are one request at a time over a kept-alive node:http connection.
 */
import type { Fields } from '../../emulator/model';
import { printLine, type BenchLine } from './emulatorFigures';
import { benchCommentRule } from './emulatorRules';
import { runLimitsBench } from './emulatorLimits';
import { INDEXES_PATH, startFirestoreEmulatorProcess } from '../lib/emulators';
import { ownerClient, toFields } from '../lib/ownerClient';
import { keepAliveSend } from '../lib/send';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PAGE_SIZE } from '../../src/data/postsQuery';

const PROJECT = 'demo-bench';
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;
const PAGE = PAGE_SIZE;

export interface BenchEmulator {
  url: string;
  pid: number;
  /** POST .../documents:{verb} with `Bearer owner` (or the given token, '' for none); resolves to the parsed JSON. */
  call(verb: string, body: unknown, token?: string): Promise<unknown>;
  rssMegabytes(): number;
  /** SIGTERM (a clean stop: in flight finished, data saved), or SIGKILL. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface BenchEmulatorOptions {
  rulesPath?: string;
  /** Journaled data directory (--data-dir). */
  dataDir?: string;
  /** Refuse queries firestore.indexes.json cannot serve (--indexes), as dev and the tests do; true by default. */
  enforceIndexes?: boolean;
}

/** The emulator on a free port, optionally enforcing a rules file. */
export async function startBenchEmulator({
  enforceIndexes = true,
  ...options
}: BenchEmulatorOptions = {}): Promise<BenchEmulator> {
  const emulator = await startFirestoreEmulatorProcess({
    ...options,
    indexesPath: enforceIndexes ? INDEXES_PATH : undefined,
    // Its banner is noise here; what went wrong is not.
    onLine: (line) => {
      if (/error|fail/i.test(line)) console.error(`[emulator] ${line}`);
    },
  });
  const pid = emulator.child.pid;
  if (pid === undefined) throw new Error('The emulator child has no pid.');
  // One kept-alive connection, as a browser tab talking to the emulator would have.
  const http = keepAliveSend();
  const client = ownerClient(emulator.url, PROJECT, http.send);
  return {
    url: emulator.url,
    pid,
    call: client.call,
    rssMegabytes() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
      return kb / 1024;
    },
    async stop(signal = 'SIGTERM') {
      http.close();
      await emulator.stop(signal);
    },
  };
}

/** One post of about 1 KB, in the feed's shape; `created` is unique and increases with i. */
export function postFields(i: number): Fields {
  const words =
    'transfer window striker midfield contract medical fee loan agent club signing deadline';
  return toFields({
    title: `Club agrees fee for striker number ${i}`,
    content: `${words} `.repeat(12).slice(0, 820) + ` #${i}`,
    imageUrl: i % 3 === 0 ? `/images/post-${i % 20}.jpg` : '',
    link: i % 2 === 0 ? `https://news.example.com/transfers/${i}` : '',
    comments: [],
    created: 1_700_000_000_000 + i * 1000,
  });
}

export function postName(i: number): string {
  return `${DOCS}/posts/post${String(i).padStart(6, '0')}`;
}

/** Posts `from` … `from + count - 1`. */
export async function loadPosts(emulator: BenchEmulator, count: number, from = 0): Promise<void> {
  const batches: number[][] = [];
  for (let start = 0; start < count; start += 500) {
    batches.push(Array.from({ length: Math.min(500, count - start) }, (_, k) => from + start + k));
  }
  // A few commits in flight keep the server busy while the client encodes the next one.
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      await emulator.call('commit', {
        writes: batch.map((i) => ({ update: { name: postName(i), fields: postFields(i) } })),
      });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

export function feedPage(cursor?: number): unknown {
  return {
    structuredQuery: {
      from: [{ collectionId: 'posts' }],
      orderBy: [
        { field: { fieldPath: 'created' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit: PAGE,
      ...(cursor === undefined
        ? {}
        : {
            startAt: {
              values: [postFields(cursor).created, { referenceValue: postName(cursor) }],
              before: false,
            },
          }),
    },
  };
}

/** getCount(collection(db, 'posts')) as the Lite SDK sends it, optionally with an equality filter. */
export function countPosts(equal?: { field: string; value: string }): unknown {
  const where = equal && {
    fieldFilter: {
      field: { fieldPath: equal.field },
      op: 'EQUAL',
      value: { stringValue: equal.value },
    },
  };
  return {
    structuredAggregationQuery: {
      structuredQuery: { from: [{ collectionId: 'posts' }], ...(where ? { where } : {}) },
      aggregations: [{ alias: 'total', count: {} }],
    },
  };
}

/** Runs `fn` `runs` times after `warmup` unmeasured runs; returns [p50, p95] in milliseconds. */
export async function measure(
  runs: number,
  fn: () => Promise<unknown>,
  warmup = 20,
): Promise<[number, number]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [times[Math.floor(runs * 0.5)], times[Math.floor(runs * 0.95)]];
}

export async function runEmulatorBench(count = 100_000): Promise<BenchLine[]> {
  const emulator = await startBenchEmulator();
  try {
    const loadStarted = performance.now();
    await loadPosts(emulator, count);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const pageCheck = (await emulator.call('runQuery', feedPage())) as {
      document?: { name: string };
    }[];
    if (pageCheck.length !== PAGE || pageCheck[0].document?.name !== postName(count - 1)) {
      throw new Error(
        'The first page is not the newest 35 posts; the benchmark would measure the wrong thing.',
      );
    }
    const deep = Math.floor(count * 0.1); // 90% of the way down the newest-first feed
    const [firstP50, firstP95] = await measure(300, () => emulator.call('runQuery', feedPage()));
    const [deepP50, deepP95] = await measure(300, () => emulator.call('runQuery', feedPage(deep)));
    const counted = (await emulator.call('runAggregationQuery', countPosts())) as {
      result: { aggregateFields: { total: { integerValue: string } } };
    }[];
    if (counted[0]?.result.aggregateFields.total.integerValue !== String(count)) {
      throw new Error(
        `The count of posts is not ${count}; the benchmark would measure the wrong thing.`,
      );
    }
    const [countP50, countP95] = await measure(300, () =>
      emulator.call('runAggregationQuery', countPosts()),
    );
    // A count that must visit every post (half of them match), still without building documents.
    const [filteredP50] = await measure(50, () =>
      emulator.call('runAggregationQuery', countPosts({ field: 'link', value: '' })),
    );
    let extra = count;
    const [commitP50, commitP95] = await measure(300, () => {
      const i = extra++;
      return emulator.call('commit', {
        writes: [{ update: { name: postName(i), fields: postFields(i) } }],
      });
    });
    return [
      { name: 'load 100k posts (commits of 500)', value: loadSeconds, unit: 's' },
      { name: 'first page p50', value: firstP50, unit: 'ms' },
      { name: 'first page p95', value: firstP95, unit: 'ms' },
      { name: 'deep cursor page p50', value: deepP50, unit: 'ms' },
      { name: 'deep cursor page p95', value: deepP95, unit: 'ms' },
      { name: 'count of 100k posts p50', value: countP50, unit: 'ms' },
      { name: 'count of 100k posts p95', value: countP95, unit: 'ms' },
      { name: 'count of 100k posts with a filter (full scan) p50', value: filteredP50, unit: 'ms' },
      { name: 'single-write commit p50', value: commitP50, unit: 'ms' },
      { name: 'single-write commit p95', value: commitP95, unit: 'ms' },
      { name: 'emulator RSS with posts loaded', value: emulator.rssMegabytes(), unit: 'MB' },
    ];
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The rules' own cost, measured apart from HTTP so its small figure is not lost in the noise.
  const lines = [...(await runEmulatorBench()), ...(await benchCommentRule())];
  let missed = lines.filter((line) => !printLine(line)).length;
  missed += await runLimitsBench({
    startBenchEmulator,
    loadPosts,
    measure,
    postName,
    postFields,
  });
  if (missed > 0) {
    console.error(`${missed} figure(s) outside their targets.`);
    process.exitCode = 1;
  }
}
