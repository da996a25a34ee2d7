import { COUNTERS, THREAD } from './commentCopies';

/**
 * A thread's queries in Firestore's REST form, written once (the comments' reads post them under
 * `posts/{id}`; tests/gate/indexesApp.test.ts checks each is served without a composite index).
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

/** The sum of a thread's counters: one aggregation, billed one read for all of them. */
export const COUNTERS_SUM = {
  structuredAggregationQuery: {
    structuredQuery: { from: [{ collectionId: COUNTERS }] },
    aggregations: [{ alias: 'n', sum: { field: { fieldPath: 'n' } } }],
  },
};
