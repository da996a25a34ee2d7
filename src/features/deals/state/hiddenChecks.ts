import { DEALS_PER_READ } from '../data/dealQueries';
import { readDealsAt, readDealsChangedAfter, type DealsAt } from '../store/dealReads';
import { isOnline, onNetworkChange } from '../../../shared/network/network';
import { readMarks, writeMarks, type CheckMarks } from './checkMarks';
import { tellMoved } from './dealNews';
import { follows, readFollows } from './follows';

/**
 * The checks of followed deals while every tab of the site is hidden (the page's live checks have
 * stopped): in the checking tab only, with at least one followed deal, online, one check every
 * HIDDEN_CHECK_EVERY_MS of which deals changed since the last check, by their `changed` stamps:
 * one read with nothing changed, 40 in a hidden hour at most (the arithmetic: ./followChecks.ts).
 */

/** How often the checking tab reads the deals' change stamps while every tab is hidden. */
export const HIDDEN_CHECK_EVERY_MS = 90_000;

/**
 * A deal's `changed` is its commit's request time, a little before the commit is visible: each
 * query reaches this far back before the last read time, so a commit in flight is not missed (a
 * deal changed in that window is read twice: a cost only when something changes).
 */
export const OVERLAP_MS = 10_000;

/** After failures the hidden checks slow down, up to this. */
const MAX_BACKOFF_MS = 10 * 60_000;

/** The pace of the hidden checks after `failures` failed ones in a row. */
export function hiddenDelay(failures: number): number {
  return Math.min(HIDDEN_CHECK_EVERY_MS * 2 ** failures, MAX_BACKOFF_MS);
}

/**
 * One hidden check: the deals changed since the last read (or, never read, the followed deals
 * themselves, one read each, once). Returns what was read and the next `to`.
 */
export async function readSince(to: number | null, ids: readonly string[]): Promise<DealsAt> {
  if (to === null) return readDealsAt(ids);
  const answer = await readDealsChangedAfter(to - OVERLAP_MS);
  const last = answer.deals.at(-1);
  // A full answer: more deals may have changed after its last; the next check reads on from it.
  if (answer.deals.length === DEALS_PER_READ && last) {
    return { deals: answer.deals, readTime: last.changed + OVERLAP_MS };
  }
  return answer;
}

/** Reads on from `marks` and moves the marks on to what it read (they say it was read). */
async function readFromMarks(marks: CheckMarks): Promise<DealsAt> {
  const answer = await readSince(
    marks.to,
    readFollows().map((deal) => deal.id),
  );
  writeMarks({ at: Date.now(), to: answer.readTime ?? marks.to });
  return answer;
}

/**
 * This page's hidden checks, run while `isChecker()` (this tab holds the checker lock): `schedule`
 * sets the next (call it when anything active() reads changes), `stop` ends them.
 */
export function startHiddenChecks(isChecker: () => boolean): {
  schedule: () => void;
  stop: () => void;
} {
  // Never checked by any tab: the first check is a full pace after this page started (its first
  // page was read then), not at once.
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let failures = 0;
  let stopped = false;

  const active = () =>
    !stopped &&
    isChecker() &&
    document.visibilityState === 'hidden' &&
    isOnline() &&
    readFollows().length > 0;
  /** How long ago the last check of any tab was (or this page started, if later). */
  const sinceLast = (marks: CheckMarks) => Date.now() - Math.max(marks.at, started);

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (checking || !active()) return;
    const wait = hiddenDelay(failures) - sinceLast(readMarks());
    timer = setTimeout(() => void check(), Math.max(0, wait));
  }

  async function check(): Promise<void> {
    timer = undefined;
    if (checking || !active()) return;
    const marks = readMarks();
    // Another tab (or this one, visible) checked since: its reads cover this one.
    if (sinceLast(marks) < hiddenDelay(failures)) return schedule();
    checking = true;
    // Marked before the read, so a tab that takes over meanwhile does not read it again.
    writeMarks({ at: Date.now(), to: marks.to });
    try {
      const answer = await readFromMarks(marks);
      failures = 0;
      await tellMoved(answer.deals);
    } catch (error) {
      failures += 1;
      console.warn('Could not check the followed deals', error);
    } finally {
      checking = false;
    }
    schedule();
  }

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  return { schedule, stop };
}

/**
 * Hidden or visible again, offline or online, a deal followed or the last one unfollowed (here or
 * in another tab): `schedule` sets the next check, or none. Returns the function that stops it.
 */
export function rescheduleOnChanges(schedule: () => void): () => void {
  document.addEventListener('visibilitychange', schedule);
  const stopNetwork = onNetworkChange(schedule);
  const stopFollows = follows.subscribe(schedule);
  return () => {
    document.removeEventListener('visibilitychange', schedule);
    stopNetwork();
    stopFollows();
  };
}
