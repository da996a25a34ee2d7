import { COUNTERS, LIKE_COUNTERS, THREAD } from './commentCopies';

/**
 * A thread's queries in Firestore's REST form, written once (the comments' reads post them under
 * `posts/{id}`; tests/gate/indexesApp.test.ts checks each is served by the indexes we ship).
 */

/** A thread shows this many more comments each time ('Show all', 'Show more comments'). */
export const THREAD_PAGE = 50;

/** A comment shows this many of its replies before 'N replies' opens the rest. */
export const REPLIES_SHOWN = 3;

/**
 * A comment or reply the query starts after: its time (`at`, a reply's `replyAt`) as Firestore
 * wrote it and its full name.
 */
export interface ThreadCursor {
  at: string;
  name: string;
}

type Direction = 'ASCENDING' | 'DESCENDING';

/** Ordered by `time` then name, `limit` of them, after `from` when given. */
function inTimeOrder(
  time: 'at' | 'replyAt' | 'addedAt',
  direction: Direction,
  limit: number,
  from: ThreadCursor | undefined,
) {
  return {
    orderBy: [
      { field: { fieldPath: time }, direction },
      { field: { fieldPath: '__name__' }, direction },
    ],
    limit,
    ...(from && {
      startAt: {
        values: [{ timestampValue: from.at }, { referenceValue: from.name }],
        before: false,
      },
    }),
  };
}

/**
 * THREAD_PAGE of the thread's comments in time order (`direction`), after `from` when given.
 * Replies have no `at`, so ordering by it lists comments (and removed marks) alone.
 */
export function threadQuery(
  direction: Direction,
  from: ThreadCursor | undefined,
): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      ...inTimeOrder('at', direction, THREAD_PAGE, from),
    },
  };
}

/**
 * `limit` replies to comment `commentId`, oldest first, after `from` when given (a composite
 * index, firestore.indexes.json: replyTo, replyAt).
 */
export function repliesQuery(
  commentId: string,
  limit: number,
  from: ThreadCursor | undefined,
): Record<string, unknown> {
  const value = { stringValue: commentId };
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      where: { fieldFilter: { field: { fieldPath: 'replyTo' }, op: 'EQUAL', value } },
      ...inTimeOrder('replyAt', 'ASCENDING', limit, from),
    },
  };
}

/**
 * THREAD_PAGE of the thread's comments and replies added after `from` (the first when none), in the
 * order they were added: what an open thread's live check reads, both in one query (one read a
 * document, one when none). Ordered by `addedAt`, which documents an earlier version wrote lack:
 * they were read with their thread (a single-field index: none to ship).
 */
export function addedQuery(from: ThreadCursor | undefined): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      ...inTimeOrder('addedAt', 'ASCENDING', THREAD_PAGE, from),
    },
  };
}

/** The sum of a thread's counters: one aggregation, billed one read for all of them. */
export const COUNTERS_SUM = {
  structuredAggregationQuery: {
    structuredQuery: { from: [{ collectionId: COUNTERS }] },
    aggregations: [{ alias: 'n', sum: { field: { fieldPath: 'n' } } }],
  },
};

/** A like counter the query starts after: its count and full name. */
export interface LikeCounterCursor {
  n: number;
  name: string;
}

/**
 * THREAD_PAGE of the thread's like counters that hold likes (`n` not 0: a busy comment's not yet
 * moved into its count), after `from` when given (a single-field index: none to ship).
 */
export function likeCountersQuery(from: LikeCounterCursor | undefined): Record<string, unknown> {
  const zero = { integerValue: '0' };
  return {
    structuredQuery: {
      from: [{ collectionId: LIKE_COUNTERS }],
      where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'NOT_EQUAL', value: zero } },
      orderBy: [
        { field: { fieldPath: 'n' }, direction: 'ASCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
      ],
      limit: THREAD_PAGE,
      ...(from && {
        startAt: {
          values: [{ integerValue: String(from.n) }, { referenceValue: from.name }],
          before: false,
        },
      }),
    },
  };
}

/** A comment 'Most liked' continues after: its count, time and full name. */
export interface LikedCursor extends ThreadCursor {
  likes: number;
}

/**
 * THREAD_PAGE of the thread's liked comments, the most liked first (then the newest), after `from`
 * when given: ordered by `likes`, which only a liked comment has, and `at`, which a reply has not
 * (a composite index, firestore.indexes.json: likes, at).
 */
export function mostLikedQuery(from: LikedCursor | undefined): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      orderBy: [
        { field: { fieldPath: 'likes' }, direction: 'DESCENDING' },
        { field: { fieldPath: 'at' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit: THREAD_PAGE,
      ...(from && {
        startAt: {
          values: [
            { integerValue: String(from.likes) },
            { timestampValue: from.at },
            { referenceValue: from.name },
          ],
          before: false,
        },
      }),
    },
  };
}
