import { onEachSet } from '../../../shared/events/onEachSet';
import { createExternalStore } from '../../../shared/state/externalStore';
import type { PostChanges } from '../../../shared/posts/changes';
import { isOnline, onNetworkChange } from '../../../shared/network/network';
import { readChanges } from '../store/changeReads';
import type { WrittenAt } from '../../feed/data/writes';

/** How often a visible, online page asks what changed. */
export const CHECK_EVERY_MS = 30_000;

/**
 * The least time between two checks, however often the tab is shown again or the network comes
 * back. With nothing changed a check costs one read, so a visible tab costs 120 reads an hour and
 * never more than 3,600,000 / 15,000 = 240 (the budget is 300).
 */
export const MIN_GAP_MS = 15_000;

/** After failures the checks slow down, up to this. */
const MAX_BACKOFF_MS = 5 * 60_000;

export interface LiveChecksOptions {
  /** The read time of what the page shows: changes after it are news. */
  since: string;
  /** When this page wrote each post: a check that began before then read it as it was. */
  writtenAt: WrittenAt;
  /** What changed elsewhere (changesNotWrittenHere). */
  onChanges: (changes: PostChanges) => void;
}

/** What a check began at `startedAt` (performance.now()) reports; every change it found. */
type ChangesListener = (changes: PostChanges, startedAt: number) => void;

/** The last check's finds (a new object each check, so every one is told). */
const lastCheck = createExternalStore<{ changes: PostChanges; startedAt: number } | null>(null);

/** What a live check that began at `startedAt` found, less the posts this page wrote since. */
export function changesNotWrittenHere(
  { posts, deleted, since }: PostChanges,
  writtenAt: WrittenAt,
  startedAt: number,
): PostChanges {
  const current = (id: string) => (writtenAt.get(id) ?? -Infinity) < startedAt;
  return {
    posts: posts.filter((post) => current(post.id)),
    deleted: deleted.filter(current),
    since,
  };
}

/**
 * Also tells `listener` what each check finds (the deals strip, a deal's feed), so every part of
 * the page keeps to the one schedule and its reads. Returns the function that stops telling it.
 */
export function listenToChanges(listener: ChangesListener): () => void {
  return onEachSet(lastCheck, (check) => listener(check.changes, check.startedAt));
}

/**
 * Asks Firestore what changed, every CHECK_EVERY_MS while the page is visible and online, and at
 * once (within MIN_GAP_MS of the last check) when it becomes visible again or the network comes
 * back; nothing while hidden or offline. One check at a time. Returns the function that stops it.
 */
export function startLiveChecks({ since, writtenAt, onChanges }: LiveChecksOptions): () => void {
  let next = since;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;
  let running = false;
  let failures = 0;
  let stopped = false;

  const active = () => !stopped && document.visibilityState === 'visible' && isOnline();

  /**
   * The next check in `delay` ms (no sooner than MIN_GAP_MS after the last), or none if inactive.
   */
  function schedule(delay: number): void {
    clearTimeout(timer);
    timer = undefined;
    if (running || !active()) return;
    const earliest = lastStart + MIN_GAP_MS - performance.now();
    timer = setTimeout(() => void check(), Math.max(delay, earliest, 0));
  }

  async function check(): Promise<void> {
    timer = undefined;
    if (running || !active()) return;
    running = true;
    const startedAt = performance.now();
    lastStart = startedAt;
    try {
      const changes = await readChanges(next);
      next = changes.since;
      failures = 0;
      if (!stopped) {
        onChanges(changesNotWrittenHere(changes, writtenAt, startedAt));
        lastCheck.set({ changes, startedAt });
      }
    } catch (error) {
      failures += 1;
      console.warn('Could not check for changes to the feed', error);
    } finally {
      running = false;
    }
    schedule(Math.min(CHECK_EVERY_MS * 2 ** failures, MAX_BACKOFF_MS));
  }

  // Shown again or back online: check now. Hidden or offline: schedule() clears the timer.
  const wake = () => schedule(0);
  document.addEventListener('visibilitychange', wake);
  const stopListening = onNetworkChange(wake);
  schedule(CHECK_EVERY_MS);

  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', wake);
    stopListening();
  };
}
