import { listDeals, readDeals, type Deal } from '../../deals';
import { onDealWritten } from '../../deals';
import { learnDealNames } from '../../deals';
import { tellMoved, type FollowedDeal } from '../../deals';
import { listenToChanges } from '../../live';
import { createExternalStore } from '../../../shared/state/externalStore';
import {
  dealsToRead,
  LOADING,
  withDealsReread,
  type StripFilter,
  type StripLists,
} from '../data/stripLists';

/**
 * The deals the strip has read, each filter's list, shared by the strip and the 'Ins and outs'
 * view (which is made from them, with no read of its own). Kept current by the feed's live checks,
 * which cost nothing more while nothing changes: a deal is read again only when a changed post
 * names it with a status the lists do not show for it (every change to a deal comes with such a
 * post, firestore.rules), or names a deal they do not know. Held while something shows them; the
 * last to go leaves them empty, so the next page (or test) starts from nothing.
 */
export const stripLists = createExternalStore<StripLists>({});

/** Counts the times the lists were let go, so a read answered after that changes nothing. */
let generation = 0;

function update(change: (lists: StripLists) => StripLists): void {
  stripLists.set(change(stripLists.get()));
}

/** `change` made when a read sent in generation `sent` answers, unless the lists were let go. */
function later(sent: number, change: (lists: StripLists) => StripLists): void {
  if (sent === generation) update(change);
}

/** Reads `chosen`'s list (again): the server's, or the followed deals (one read each). */
export function loadList(chosen: StripFilter, follows: readonly FollowedDeal[]): void {
  update((lists) => ({ ...lists, [chosen]: LOADING }));
  const sent = generation;
  readList(chosen, follows).then(
    (deals) => {
      learnDealNames(deals);
      later(sent, (lists) => ({ ...lists, [chosen]: { deals, status: 'ready' } }));
    },
    (error: unknown) => {
      console.error('Could not load the deals', error);
      later(sent, (lists) => ({ ...lists, [chosen]: { deals: [], status: 'failed' } }));
    },
  );
}

function readList(chosen: StripFilter, follows: readonly FollowedDeal[]): Promise<Deal[]> {
  if (chosen !== 'following') return listDeals(chosen);
  const ids = follows.map((deal) => deal.id);
  if (ids.length === 0) return Promise.resolve([]);
  return readDeals(ids).then(({ found }) => found);
}

/** Reads deals `ids` again, into every list. */
function reread(ids: string[]): void {
  if (ids.length === 0) return;
  const sent = generation;
  readDeals(ids).then(
    ({ found, missing }) => {
      learnDealNames(found);
      later(sent, (lists) => withDealsReread(lists, found, missing));
      // A followed deal among them may have moved: told once, here or by another tab.
      void tellMoved(found);
    },
    (error: unknown) => console.warn('Could not read the changed deals', error),
  );
}

let holders = 0;
let stopWatching = () => {};

/**
 * Keeps the lists current while held: reads again the deals the live checks' posts (or a post
 * saved here) may have moved. Returns the function that lets go.
 */
export function holdStripLists(): () => void {
  holders += 1;
  if (holders === 1) {
    const stopChanges = listenToChanges(({ posts }) =>
      reread(dealsToRead(posts, Object.values(stripLists.get()))),
    );
    const stopWritten = onDealWritten((id) => reread([id]));
    stopWatching = () => {
      stopChanges();
      stopWritten();
    };
  }
  return () => {
    holders -= 1;
    if (holders > 0) return;
    stopWatching();
    generation += 1;
    stripLists.set({});
  };
}
