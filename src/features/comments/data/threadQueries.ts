import { COUNTERS, THREAD } from './commentCopies';

/**
 * A thread's queries in Firestore's REST form, written once (the comments' reads post them under
 * `posts/{id}`; tests/gate/indexesApp.test.ts checks each is served by the indexes we ship).
 */

/** A thread shows this many more comments each time ('Show all', 'Show more comments'). */
export const THREAD_PAGE = 50;

/** A comment the query starts after: its `at` as Firestore wrote it and its full name. */
export interface ThreadCursor {
  at: string;
  name: string;
}

/** THREAD_PAGE of the thread's documents in time order (`direction`), after `from` when given. */
export function threadQuery(
  direction: 'ASCENDING' | 'DESCENDING',
  from: ThreadCursor | undefined,
): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      orderBy: [
        { field: { fieldPath: 'at' }, direction },
        { field: { fieldPath: '__name__' }, direction },
      ],
      limit: THREAD_PAGE,
      ...(from && {
        startAt: {
          values: [{ timestampValue: from.at }, { referenceValue: from.name }],
          before: false,
        },
      }),
    },
  };
}

/** A comment shows this many of its replies before 'N replies' opens the rest. */
export const REPLIES_SHOWN = 3;

/** A reply the query starts after: its `replyAt` as Firestore wrote it and its full name. */
export type ReplyCursor = ThreadCursor;

/**
 * `limit` replies to comment `commentId`, oldest first, after `from` when given (a composite
 * index, firestore.indexes.json: replyTo, replyAt).
 */
export function repliesQuery(
  commentId: string,
  limit: number,
  from: ReplyCursor | undefined,
): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'replyTo' },
          op: 'EQUAL',
          value: { stringValue: commentId },
        },
      },
      orderBy: [
        { field: { fieldPath: 'replyAt' }, direction: 'ASCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
      ],
      limit,
      ...(from && {
        startAt: {
          values: [{ timestampValue: from.at }, { referenceValue: from.name }],
          before: false,
        },
      }),
    },
  };
}

/**
 * The thread's replies written after `since` (RFC 3339), oldest first, THREAD_PAGE of them: what an
 * open thread's live check adds under the comments it shows (a single-field index: none to ship).
 */
export function newerRepliesQuery(since: string): Record<string, unknown> {
  return {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'replyAt' },
          op: 'GREATER_THAN',
          value: { timestampValue: since },
        },
      },
      orderBy: [
        { field: { fieldPath: 'replyAt' }, direction: 'ASCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
      ],
      limit: THREAD_PAGE,
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
