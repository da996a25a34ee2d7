import { isOpenStatus, movesDealOn, type Deal } from '../../deals/data/deal';
import { withChangedDeals, type DealFilter } from '../../deals/data/dealQueries';
import type { Post } from '../../../shared/posts/post';
import type { FollowedDeal } from '../../deals';

/**
 * The deals strip's lists, as pure functions of what was read: which deals a change makes it read
 * again, a list after that read, and the followed deals' list.
 */

export type DealListStatus = 'loading' | 'ready' | 'failed';

export interface DealList {
  deals: Deal[];
  status: DealListStatus;
}

/** The strip's filters: the lists the server filters, and the deals this device follows. */
export type StripFilter = DealFilter | 'following';

/** Each filter's list, once it was first chosen. */
export type StripLists = Partial<Record<StripFilter, DealList>>;

export const LOADING: DealList = { deals: [], status: 'loading' };

/** The deals changed posts name whose deal summary may have moved: unknown, or another status. */
export function dealsToRead(
  posts: readonly Post[],
  lists: readonly (DealList | undefined)[],
): string[] {
  const known = new Map<string, Deal>();
  for (const list of lists) for (const deal of list?.deals ?? []) known.set(deal.id, deal);
  const ids = new Set<string>();
  for (const { deal: id, status } of posts) {
    if (id === undefined) continue;
    const deal = known.get(id);
    if (!deal || movesDealOn(status, deal.status)) ids.add(id);
  }
  return [...ids];
}

/** Every list with the deals read again (`found`) and those gone (`missing`) applied. */
export function withDealsReread(
  lists: StripLists,
  found: readonly Deal[],
  missing: readonly string[],
): StripLists {
  const next: StripLists = {};
  for (const [key, list] of entries(lists)) {
    const within = key === 'following' ? 'all' : key;
    next[key] = { ...list, deals: withChangedDeals(list.deals, found, missing, within) };
  }
  return next;
}

/**
 * The followed deals, most recently changed first, each as last read by any list (or as it was
 * when followed): following or unfollowing shows at once, with no read.
 */
export function followedList(follows: readonly FollowedDeal[], lists: StripLists): DealList {
  const read = lists.following ?? LOADING;
  if (follows.length === 0) return { deals: [], status: 'ready' };
  if (read.status !== 'ready') return read;
  const known = new Map<string, Deal>();
  for (const [, list] of entries(lists)) {
    for (const deal of list.deals) {
      const before = known.get(deal.id);
      if (!before || before.changed < deal.changed) known.set(deal.id, deal);
    }
  }
  const deals = follows.map(
    ({ id, name, status, changed }): Deal =>
      known.get(id) ?? {
        id,
        name,
        status,
        open: isOpenStatus(status),
        changed,
        post: '',
        history: [],
      },
  );
  return { deals: deals.sort((a, b) => b.changed - a.changed), status: 'ready' };
}

function entries(lists: StripLists): [StripFilter, DealList][] {
  const all: StripFilter[] = ['all', 'open', 'done', 'following'];
  return all.flatMap((key) => {
    const list = lists[key];
    return list ? [[key, list]] : [];
  });
}
