/** The fuzz's figures from each request's outcome, and how they are printed. */
import { report } from '../web/report';
import type { Category, FuzzRequest } from './cases';
import type { Outcome } from './exchange';
import { overlapsStall, type Stall } from './stalls';

export interface Row {
  request: Pick<FuzzRequest, 'category' | 'label' | 'method' | 'expected'>;
  outcome: Outcome;
  /** performance.now() when it was sent. */
  startedAt: number;
}

/** Counts by key, the largest first. */
export type Counts = Record<string, number>;

export interface Summary {
  requests: number;
  /** By HTTP status, or 'unanswered', 'dropped' (closed without an answer), 'not-sent'. */
  byStatus: Counts;
  slowMs: number;
  limitMs: number;
  /** Answered, but after slowMs. */
  answeredSlow: number;
  /** No answer within limitMs. */
  unanswered: number;
  /** Slow answers that are the gate's own DEADLINE_EXCEEDED: a bound doing its work. */
  slowDeadlines: number;
  /** The connection closed (or was reset) without a whole answer. */
  dropped: number;
  slowOrUnanswered: {
    total: number;
    byCategory: Counts;
    /** 'gate', 'engine' (either perhaps held up by a stall of the gate), or 'none'. */
    byAnswerer: Counts;
    byStatus: Counts;
    /** 'category: label'. */
    byKind: Counts;
    /**
     * Each answer that came after slowMs: 'ms  kind → status (who)', and '(during a stall)' when
     * it overlapped one of the gate's stalls, which holds every request up.
     */
    slowAnswers: string[];
  };
  /** The event loop's stalls over 1 s, in seconds. */
  stalls: { count: number; totalSeconds: number; longestSeconds: number };
  droppedByKind: Counts;
  errorAnswers: {
    total: number;
    firestoreShape: number;
    otherShape: number;
    otherByStatus: Counts;
    otherByKind: Counts;
  };
  /** Valid requests answered with another status than production's: 'label: expected → got'. */
  unexpected: Counts;
  answeredBy: Counts;
}

export function summarise(
  rows: Row[],
  slowMs: number,
  limitMs: number,
  stalls: readonly Stall[],
): Summary {
  const kind = ({ request }: Pick<Row, 'request'>) => `${request.category}: ${request.label}`;
  const slow = rows.filter(
    ({ outcome }) =>
      outcome.kind === 'unanswered' || (outcome.kind === 'answered' && outcome.ms > slowMs),
  );
  const errors = rows.flatMap(({ request, outcome }) =>
    outcome.kind === 'answered' && outcome.errorShape !== 'n/a' ? [{ request, outcome }] : [],
  );
  const otherShape = errors.filter(({ outcome }) => outcome.errorShape === 'other');
  const answered = rows.flatMap(({ outcome }) => (outcome.kind === 'answered' ? [outcome] : []));
  return {
    requests: rows.length,
    byStatus: countBy(rows, ({ outcome }) => statusKey(outcome)),
    slowMs,
    limitMs,
    answeredSlow: slow.filter(({ outcome }) => outcome.kind === 'answered').length,
    unanswered: rows.filter(({ outcome }) => outcome.kind === 'unanswered').length,
    slowDeadlines: slow.filter(
      ({ outcome }) =>
        outcome.kind === 'answered' &&
        outcome.by === 'gate' &&
        outcome.errorStatus === 'DEADLINE_EXCEEDED',
    ).length,
    dropped: rows.filter(({ outcome }) => outcome.kind === 'dropped').length,
    slowOrUnanswered: {
      total: slow.length,
      byCategory: countBy(slow, ({ request }) => request.category),
      byAnswerer: countBy(slow, ({ outcome, startedAt }) => {
        if (outcome.kind !== 'answered') return 'none';
        // The engine wrote it, but the gate's own stall is what kept it.
        const stalled = overlapsStall(stalls, startedAt, outcome.ms);
        return stalled ? `${outcome.by}, held up by a stall of the gate` : outcome.by;
      }),
      byStatus: countBy(slow, ({ outcome }) => statusKey(outcome)),
      byKind: countBy(slow, kind),
      slowAnswers: slow.flatMap((row) => {
        const { outcome, startedAt } = row;
        if (outcome.kind !== 'answered') return [];
        const stalled = overlapsStall(stalls, startedAt, outcome.ms) ? ' (during a stall)' : '';
        return [`${outcome.ms} ms  ${kind(row)} → ${outcome.status} (${outcome.by})${stalled}`];
      }),
    },
    stalls: {
      count: stalls.length,
      totalSeconds: seconds(stalls.reduce((total, { from, to }) => total + to - from, 0)),
      longestSeconds: seconds(Math.max(0, ...stalls.map(({ from, to }) => to - from))),
    },
    droppedByKind: countBy(
      rows.filter(({ outcome }) => outcome.kind === 'dropped'),
      (row) => `${kind(row)} (${row.outcome.kind === 'dropped' ? row.outcome.reason : ''})`,
    ),
    errorAnswers: {
      total: errors.length,
      firestoreShape: errors.length - otherShape.length,
      otherShape: otherShape.length,
      otherByStatus: countBy(otherShape, ({ outcome }) => `${outcome.status} (${outcome.by})`),
      otherByKind: countBy(otherShape, (row) => `${kind(row)} → ${row.outcome.status}`),
    },
    unexpected: countBy(
      rows.filter(
        ({ request, outcome }) =>
          request.expected !== undefined &&
          !(outcome.kind === 'answered' && outcome.status === request.expected),
      ),
      ({ request, outcome }) =>
        `${kind({ request })}: expected ${request.expected}, got ${statusKey(outcome)}`,
    ),
    answeredBy: countBy(answered, (outcome) => outcome.by),
  };
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

function statusKey(outcome: Outcome): string {
  return outcome.kind === 'answered' ? String(outcome.status) : outcome.kind;
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Counts {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** `name: value` lines, then each breakdown as indented `count  key` lines. */
export function printSummary(summary: Summary, categories: readonly Category[]): void {
  const s = summary;
  report('requests', s.requests);
  report('categories', categories.join(', '));
  breakdown('by status', s.byStatus);
  breakdown('answered by', s.answeredBy);
  report('answered-in-over-5-s', s.answeredSlow);
  report('  of-which-the-gates-deadline-exceeded', s.slowDeadlines);
  report(`unanswered-in-${s.limitMs / 1000}-s`, s.unanswered);
  report('slow-or-unanswered', s.slowOrUnanswered.total);
  breakdown('  slow or unanswered by category', s.slowOrUnanswered.byCategory);
  breakdown('  slow or unanswered by who answered', s.slowOrUnanswered.byAnswerer);
  breakdown('  slow or unanswered by status', s.slowOrUnanswered.byStatus);
  breakdown('  slow or unanswered by kind', s.slowOrUnanswered.byKind);
  if (s.slowOrUnanswered.slowAnswers.length > 0) console.log('  the slow answers:');
  for (const line of s.slowOrUnanswered.slowAnswers) console.log(`    ${line}`);
  const { count, totalSeconds, longestSeconds } = s.stalls;
  report(
    'event-loop-stalls-over-1-s',
    `${count} (${totalSeconds} s in all, the longest ${longestSeconds} s)`,
  );
  report('dropped-without-an-answer', s.dropped);
  breakdown('  dropped by kind (why)', s.droppedByKind);
  report('error-answers', s.errorAnswers.total);
  report('error-answers-in-firestore-shape', s.errorAnswers.firestoreShape);
  report('error-answers-in-another-shape', s.errorAnswers.otherShape);
  breakdown('  other shape by status (who)', s.errorAnswers.otherByStatus);
  breakdown('  other shape by kind', s.errorAnswers.otherByKind);
  report('valid-requests-answered-unexpectedly', sum(s.unexpected));
  breakdown('  unexpected', s.unexpected);
}

function breakdown(title: string, counts: Counts): void {
  if (Object.keys(counts).length === 0) return;
  console.log(`${title}:`);
  for (const [key, count] of Object.entries(counts))
    console.log(`  ${String(count).padStart(5)}  ${key}`);
}

export function sum(counts: Counts): number {
  return Object.values(counts).reduce((total, count) => total + count, 0);
}
