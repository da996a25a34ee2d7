/**
 * `npm run bench:gate-fuzz`: 1,200 requests, drawn from a fixed seed, through the gate to Google's
 * Firestore emulator behind it (a pair of its own, on GATE_FUZZ_PORTS): valid calls, malformed
 * JSON, wrong types, huge and deep bodies, compressed bodies, odd content types, Content-Lengths
 * that lie, unknown paths, odd methods and headers, empty bodies (gateFuzz/cases.ts), 4 at once.
 * Each request has 15 s for its answer; the gate should never take that long (it should bound
 * the engine's answer well within it).
 *
 * Prints `name: value` lines and breakdowns: the statuses; how many answers took over 5 s and how
 * many never came, by category, kind and who answered (the gate itself or the engine through it);
 * the stalls of the gate's event loop (it runs in this process, as in dev); connections closed
 * without an answer; whether every error answer is in Firestore's JSON error shape; whether the
 * gate still serves a query at the end; the engine's logged exceptions. The last line is the
 * summary as one JSON object. Exits 1 when a request went unanswered, a slow answer is anything
 * but the gate's own DEADLINE_EXCEEDED, or the gate no longer serves a query.
 * `--seed N` draws another set, `--count N` sends the first N of it.
 */
import { parseArgs } from 'node:util';
import { startFirestore, type Firestore } from '../lib/emulators';
import { ownerClient, toFields } from '../lib/ownerClient';
import { RULES_PATH } from '../lib/stack';
import { GATE_FUZZ_PORTS, HOST, PROJECT_ID } from '../lib/testPorts';
import { FUZZ_COLLECTION, TEAMS, type Target } from './gateFuzz/bodies';
import { CATEGORIES, buildRequest, plan } from './gateFuzz/cases';
import { exchange } from './gateFuzz/exchange';
import { watchStalls } from './gateFuzz/stalls';
import { countBy, printSummary, sum, summarise, type Row } from './gateFuzz/tally';
import { budget, report, verdict } from './web/report';

const DEFAULT_SEED = 1200;
const DEFAULT_COUNT = 1200;
/** Small: a 2-core machine shared with others, and a hang holds a place for the whole limit. */
const CONCURRENCY = 4;
/** The client's patience: the 10 s in which the gate should answer, and room for a busy machine. */
const LIMIT_MS = 15_000;
const SLOW_MS = 5000;
/** The whole run's bound: 1,200 requests every one of which hung would need 75 minutes. */
const RUN_LIMIT_MS = 8 * 60_000;
const SEEDED_DOCS = 5;

async function main(): Promise<number> {
  const started = Date.now();
  const { values } = parseArgs({
    options: { seed: { type: 'string' }, count: { type: 'string' } },
  });
  const seed = Number(values.seed ?? DEFAULT_SEED);
  const count = Math.min(Number(values.count ?? DEFAULT_COUNT), DEFAULT_COUNT);
  if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
    throw new Error('--seed and --count take whole numbers (--count 1 to 1200)');
  }
  const engineLog: string[] = [];
  let firestore: Firestore | undefined;
  process.once('SIGINT', () => void firestore?.stop().finally(() => process.exit(130)));
  try {
    firestore = await startFirestore({
      host: HOST,
      port: GATE_FUZZ_PORTS.gate,
      enginePort: GATE_FUZZ_PORTS.engine,
      rulesPath: RULES_PATH,
      projectId: PROJECT_ID,
      onLine: (line) => engineLog.push(line),
    });
    const target = await seedDocuments(firestore.url);
    report('seed', seed);
    report('concurrency', CONCURRENCY);
    const sendStarted = Date.now();
    const watch = watchStalls();
    const { rows, notRun } = await sendAll(seed, count, target);
    watch.stop();
    const sendSeconds = Math.round((Date.now() - sendStarted) / 1000);
    const summary = summarise(rows, SLOW_MS, LIMIT_MS, watch.stalls);
    printSummary(summary, CATEGORIES);
    if (notRun > 0) report('not-run-(run-time-limit)', notRun);
    const exceptions = engineExceptions(engineLog);
    console.log('engine log, exceptions by class:');
    for (const [line, times] of Object.entries(exceptions))
      console.log(`  ${String(times).padStart(5)}  ${line}`);
    const serves = await stillServes(firestore.url, target);
    report('still-serves-a-query', serves ? 'yes' : 'no');
    report('sending-seconds', sendSeconds, 's');
    budget('unanswered', summary.unanswered, 'max', 0);
    // A request the gate gives up on is answered DEADLINE_EXCEEDED after its bound: slow by
    // design. Any other slow answer is a wait the gate could have spared.
    budget(
      'slow-answers-other-than-deadlines',
      summary.answeredSlow - summary.slowDeadlines,
      'max',
      0,
    );
    budget('still-serves-a-query', serves ? 1 : 0, 'min', 1);
    const code = verdict(started);
    console.log(
      JSON.stringify({
        bench: 'gate-fuzz',
        seed,
        requests: summary.requests,
        notRun,
        concurrency: CONCURRENCY,
        limitMs: LIMIT_MS,
        slowMs: SLOW_MS,
        byStatus: summary.byStatus,
        answeredBy: summary.answeredBy,
        answeredSlow: summary.answeredSlow,
        slowDeadlines: summary.slowDeadlines,
        unanswered: summary.unanswered,
        slowOrUnanswered: summary.slowOrUnanswered,
        stalls: summary.stalls,
        dropped: summary.dropped,
        errorAnswers: {
          total: summary.errorAnswers.total,
          firestoreShape: summary.errorAnswers.firestoreShape,
          otherShape: summary.errorAnswers.otherShape,
        },
        unexpected: sum(summary.unexpected),
        stillServes: serves,
        engineExceptions: sum(exceptions),
        sendingSeconds: sendSeconds,
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
    return code;
  } finally {
    await firestore?.stop();
  }
}

/** A few documents for the valid calls to find. */
async function seedDocuments(firestoreUrl: string): Promise<Target> {
  const owner = ownerClient(firestoreUrl, PROJECT_ID);
  const docs = Array.from({ length: SEEDED_DOCS }, (_, n) => `doc-${n}`);
  await owner.commit(
    docs.map((id, n) => ({
      update: {
        name: owner.name(`${FUZZ_COLLECTION}/${id}`),
        fields: toFields({
          n,
          team: TEAMS[n % TEAMS.length],
          at: new Date(Date.UTC(2025, 0, n + 1)),
        }),
      },
    })),
  );
  return { root: owner.root, docs };
}

/** The plan's requests, CONCURRENCY at a time, until done or RUN_LIMIT_MS has passed. */
async function sendAll(
  seed: number,
  count: number,
  target: Target,
): Promise<{ rows: Row[]; notRun: number }> {
  const categories = plan(seed, count);
  const rows: Row[] = [];
  const deadline = Date.now() + RUN_LIMIT_MS;
  let next = 0;
  const worker = async () => {
    while (next < categories.length && Date.now() < deadline) {
      const index = next++;
      const request = buildRequest(seed, index, categories[index], target);
      const startedAt = performance.now();
      const outcome = await exchange({ host: HOST, port: GATE_FUZZ_PORTS.gate }, request, LIMIT_MS);
      const { category, label, method, expected } = request;
      rows.push({ request: { category, label, method, expected }, outcome, startedAt });
      if (rows.length % 100 === 0) console.error(`sent ${rows.length} of ${categories.length}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { rows, notRun: categories.length - rows.length };
}

/** A valid query through the gate, after all that: answered 200 with the seeded documents. */
async function stillServes(gateUrl: string, target: Target): Promise<boolean> {
  try {
    const response = await fetch(`${gateUrl}/v1/${target.root}:runQuery`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: FUZZ_COLLECTION }] } }),
      signal: AbortSignal.timeout(LIMIT_MS),
    });
    const answer: unknown = await response.json();
    const names = Array.isArray(answer)
      ? answer
          .map((entry: unknown) => JSON.stringify(entry))
          .filter((entry) => entry.includes('"document"'))
      : [];
    const found = target.docs.every((id) =>
      names.some((entry) => entry.includes(`/${FUZZ_COLLECTION}/${id}"`)),
    );
    return response.status === 200 && found;
  } catch {
    return false;
  }
}

/**
 * The exceptions Google's engine logged (a line opening with a class name ending in Exception or
 * Error), counted by class with the first one's message: its own account of what it choked on.
 */
function engineExceptions(lines: readonly string[]): Record<string, number> {
  const examples = new Map<string, string>();
  const classes = lines.flatMap((line) => {
    const match = /^([\w$.]+(?:Exception|Error))(?::\s*(.*))?$/.exec(line);
    if (!match) return [];
    const name = match[1].split('.').at(-1) ?? match[1];
    if (!examples.has(name)) examples.set(name, (match[2] ?? '').slice(0, 90));
    return [name];
  });
  const counts = countBy(classes, (name) => name);
  return Object.fromEntries(
    Object.entries(counts).map(([name, count]) => [`${name}, e.g. "${examples.get(name)}"`, count]),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
