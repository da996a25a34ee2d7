import { pageLoaded } from '../../../shared/pageLoaded/pageLoaded';
import { onCommitted } from '../../feed/commands';
import { onThreadStamps } from '../../live';
import { applyCommitted } from './threadWrites';
import { forgetReplies } from './replyState';
import { forgetLikes } from './likeState';
import { forgetOwnLikesAsked } from './likes';
import { forgetOwnHeldAsked } from './ownHeld';
import { forgetOrdered } from './orderedThreads';
import {
  alsoForget,
  commentsPostedHere,
  countedByCounters,
  heldThread,
  setThread,
  threadReading,
  type ThreadSource,
} from './threadState';

export {
  countedByCounters,
  commentsPostedHere,
  heldThread,
  setCounted,
  setThread,
  threadReading,
  threads,
  type HeldThread,
  type ThreadEntry,
  type ThreadReading,
  type ThreadSource,
} from './threadState';
import type * as ThreadReads from './threadReads';
import { forgetThreads as forgetHeldThreads } from './threadState';

/** Forgets every thread and reply (tests; a page's state starts empty). */
export function forgetThreads(): void {
  forgetHeldThreads();
  forgetReplies();
  forgetLikes();
  forgetOwnLikesAsked();
  forgetOwnHeldAsked();
  forgetOrdered();
}

/**
 * What a card asks of its post's thread: its next page read, its count read, and what the live
 * checks found changed (the reads load with the first ask: ./threadReads.ts). The state itself is
 * ./threadState.ts.
 */

// This page's own comments and removals, as the feed's commands commit them; and the threads
// each live check finds changed (threadsChanged, below). A reply or a like on a card that showed
// its few comments inline marks the post, so the card reads its thread to show the reply under its
// comment, or the like's count.
onCommitted((write) => {
  applyCommitted(write);
  const marked =
    (write.type === 'commented' && write.replyTo !== null) ||
    (write.type === 'liked' && write.marked);
  if (marked && !heldThread(write.id)) readThread(write.id, { mayHoldList: false });
});
onThreadStamps((stamps, readTime) => threadsChanged(stamps, readTime));

/**
 * Reads the next page of the post's thread (its latest comments first, then earlier ones), unless
 * a read is under way or the page holds it all.
 */
export function readThread(id: string, source: ThreadSource): void {
  if (threadReading(id) === 'loading' || heldThread(id)?.complete) return;
  setThread(id, undefined, commentsPostedHere(id), 'loading');
  import('./threadReads').then(
    ({ readThreadPage }) => readThreadPage(id, source),
    () => setThread(id, undefined, commentsPostedHere(id), 'failed'),
  );
}

/**
 * Reads the post's counters' sum (one read), the reads asked for in one task together, once the
 * page has loaded and painted: a count is never on the first post's paint path.
 */
export function readCounted(id: string): void {
  readsAfterLoad().then(
    ({ askForCount }) => askForCount(id),
    () => {},
  );
}

let afterLoad: Promise<typeof ThreadReads> | null = null;

/**
 * The reads' code once the page has loaded, imported once for every card that asks: an import()
 * per card ran the bundler's preload check per card, every card's in the one task after the load.
 */
function readsAfterLoad(): Promise<typeof ThreadReads> {
  afterLoad ??= pageLoaded()
    .then(() => import('./threadReads'))
    .catch((error: unknown) => {
      afterLoad = null; // a chunk that failed to load is asked for again by the next card
      throw error;
    });
  return afterLoad;
}

/** A stamp of a post's change, as the live checks read it (posts/data/changes.ts ChangeStamp). */
interface ThreadStamp {
  id: string;
  at: string;
  comment: string | null;
}

/** A busy thread stamps its post at most once in this long (firestore.rules stampsIfQuiet). */
const QUIET_MS = 10_000;
/**
 * Threads whose last stamp was under 10 seconds old when a check saw it: comments may have come
 * after it without stamping again, so the next check reads them too.
 */
const unsettled = new Set<string>();
alsoForget(() => unsettled.clear());

/**
 * A live check read `stamps` (at `readTime`): what the page shows of each changed thread, and of
 * each left unsettled by the check before, is read again: its count (one read) and, while the
 * reader holds it open, the comments after the newest shown (one read a comment) and a removal the
 * stamp names (one read). A busy thread so costs a check at most its count, never a read per
 * comment, and its comments that did not stamp show by the next check.
 */
export function threadsChanged(stamps: readonly ThreadStamp[], readTime: string): void {
  const named = new Map<string, string | null>([...unsettled].map((id) => [id, null]));
  unsettled.clear();
  for (const { id, at, comment } of stamps) {
    named.set(id, comment);
    if (Date.parse(readTime) - Date.parse(at) < QUIET_MS) unsettled.add(id);
  }
  const shown = [...named].filter(
    ([id]) => countedByCounters(id) !== undefined || heldThread(id) !== undefined,
  );
  if (shown.length === 0) return;
  import('./threadReads').then(
    (reads) => shown.forEach(([id, comment]) => void reads.refreshThread(id, comment)),
    () => {},
  );
}
