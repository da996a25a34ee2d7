/**
 * Walking an ordered index for a query: binary search to the cursors, then filter, offset and
 * limit. Shared by runQuery (which returns the documents) and runAggregationQuery (which only
 * counts and sums them, so nothing is copied or built per document).
 */
import type { IndexEntry, OrderedIndex } from '../orderedIndex';
import type { StoredDoc } from '../storedDoc';
import { matches } from './filters';
import type { Query } from './structuredQuery';

export interface ScanOptions {
  /** A further condition on each document (e.g. inside a parent, or having every aggregated field). */
  accept?: (doc: StoredDoc) => boolean;
  /** Stop after this many results even without a query limit (e.g. a count's upTo). */
  limit?: number | null;
}

/** Index positions [start, end) between the query's cursors. */
export function cursorRange(index: OrderedIndex, query: Query): [number, number] {
  const { startAt, endAt } = query;
  // matches Firestore: startAt (before) includes the cursor position, startAfter excludes it.
  const start = startAt
    ? index.lowerBound((entry) => {
        const c = index.compareKeys(entry.keys, startAt.values);
        return startAt.before ? c >= 0 : c > 0;
      })
    : 0;
  // endBefore (before) excludes the cursor position, endAt includes it.
  const end = endAt
    ? index.lowerBound((entry) => {
        const c = index.compareKeys(entry.keys, endAt.values);
        return endAt.before ? c >= 0 : c > 0;
      })
    : index.size;
  return [start, Math.max(start, end)];
}

/** The effective limit: the query's, tightened by the caller's. */
export function effectiveLimit(query: Query, options: ScanOptions): number | null {
  const own = query.limit;
  const extra = options.limit ?? null;
  if (own === null) return extra;
  return extra === null ? own : Math.min(own, extra);
}

/** Calls `visit` for each result of the query, in the index's order. */
export function scan(
  index: OrderedIndex,
  query: Query,
  visit: (entry: IndexEntry) => void,
  options: ScanOptions = {},
): void {
  const limit = effectiveLimit(query, options);
  if (limit === 0) return;
  const [start, end] = cursorRange(index, query);
  const { filter } = query;
  const accept = options.accept;
  let skipped = 0;
  let found = 0;
  for (let i = start; i < end; i++) {
    const entry = index.at(i);
    if (filter && !matches(entry.doc, filter)) continue;
    if (accept && !accept(entry.doc)) continue;
    if (skipped < query.offset) {
      skipped++;
      continue;
    }
    visit(entry);
    found++;
    if (limit !== null && found >= limit) return;
  }
}

/** How many results the query has (at most `options.limit`), by index positions alone when it can. */
export function countResults(index: OrderedIndex, query: Query, options: ScanOptions = {}): number {
  if (query.filter || options.accept) {
    let count = 0;
    scan(index, query, () => count++, options);
    return count;
  }
  const [start, end] = cursorRange(index, query);
  const available = Math.max(0, end - start - query.offset);
  const limit = effectiveLimit(query, options);
  return limit === null ? available : Math.min(available, limit);
}
