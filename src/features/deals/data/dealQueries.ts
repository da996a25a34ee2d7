/**
 * The deals' queries in Firestore's REST form (runQuery bodies), written once: the deals strip's
 * lists and a deal's own feed. Each composite index they need is declared in
 * firestore.indexes.json (tests/gate/indexesApp.test.ts runs them against it).
 */
import { DEALS, DONE_STATUS, type Deal } from './deal';
import type { Cursor } from '../../../shared/posts/page';
import { POSTS_PAGE_QUERY, afterPost } from '../../../shared/posts/postsQuery';

/** The strip's filters: every deal, those still open, those done. */
export type DealFilter = 'all' | 'open' | 'done';

/**
 * The most deals a list shows: a transfer window's deals, most recently changed first. Each is a
 * billed read on every visit that shows the strip, so it stays below the rules' 50.
 */
export const DEALS_PER_READ = 30;

/** The strip's list for `filter`: most recently changed first, then by id. */
export function dealsQuery(filter: DealFilter) {
  const where = {
    all: undefined,
    open: equals('open', { booleanValue: true }),
    done: equals('status', { stringValue: DONE_STATUS }),
  }[filter];
  return {
    structuredQuery: {
      from: [{ collectionId: DEALS }],
      ...(where && { where }),
      orderBy: [
        { field: { fieldPath: 'changed' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit: DEALS_PER_READ,
    },
  };
}

/**
 * A deal's posts after `cursor` (from the newest when null): the feed's order, one page at a time.
 */
export function dealPostsQuery(dealId: string, projectId: string, cursor: Cursor | null) {
  return {
    structuredQuery: {
      // A card's fields, in the feed's order, a page and one more (is there a next page?).
      ...POSTS_PAGE_QUERY.structuredQuery,
      where: equals('deal', { stringValue: dealId }),
      ...(cursor && { startAt: afterPost(cursor, projectId) }),
    },
  };
}

function equals(fieldPath: string, value: Record<string, unknown>) {
  return { fieldFilter: { field: { fieldPath }, op: 'EQUAL', value } };
}

/** Whether `deal` belongs in the list for `filter` (what dealsQuery asks the server). */
export function inFilter(deal: Deal, filter: DealFilter): boolean {
  if (filter === 'open') return deal.open;
  if (filter === 'done') return deal.status === DONE_STATUS;
  return true;
}

/**
 * A list after `changed` deals were read again: each leaves its old place and, if it still
 * belongs, comes back in the list's order (most recently changed first); `gone` ids leave.
 */
export function withChangedDeals(
  list: readonly Deal[],
  changed: readonly Deal[],
  gone: readonly string[],
  filter: DealFilter,
): Deal[] {
  const leaving = new Set([...gone, ...changed.map((deal) => deal.id)]);
  const kept = list.filter((deal) => !leaving.has(deal.id));
  const back = changed.filter((deal) => inFilter(deal, filter));
  return [...kept, ...back]
    .sort((a, b) => b.changed - a.changed || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, DEALS_PER_READ);
}

/**
 * The deals whose summary changed after `after` (server time, ms), oldest change first: what a
 * hidden tab's check of its followed deals reads (features/deals/state/followChecks.ts). With
 * nothing changed it returns no document, which Firestore bills as one read. A single-field range
 * and order: no composite index.
 */
export function dealsChangedQuery(after: number) {
  return {
    structuredQuery: {
      from: [{ collectionId: DEALS }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'changed' },
          op: 'GREATER_THAN',
          // Stored as the commit's timestamp (firestore.rules: changed == request.time).
          value: { timestampValue: new Date(after).toISOString() },
        },
      },
      orderBy: [{ field: { fieldPath: 'changed' }, direction: 'ASCENDING' }],
      limit: DEALS_PER_READ,
    },
  };
}
