import type { Deal } from '../../deals';
import { DEALS_PER_READ } from '../../deals';
import { isDealStatus } from '../../posts';
import { isRecord } from '../../../shared/rest/restDecode';
import { isOnline, onNetworkChange } from '../../../shared/network/network';
import { readDealsAt, readDealsChangedAfter, type DealsAt } from '../../deals';
import { OPEN_DEAL_MESSAGE } from '../../deals';
import { openDealHere, showSystemNotification, type DealNews } from './dealAlerts';
import { onFollowsChange, readFollows, takeMoved, withFollowsLock } from './follows';
import { listenToChanges } from '../../live';

/**
 * Telling a fan that a followed deal moved (issue 31), also from a background tab.
 *
 * Visible: the page's own live checks (liveChecks.ts, every 30 s) find the posts that move a deal,
 * the strip reads that deal again (useDealsStrip) and tellMoved() compares it with the follows.
 * Nothing more is read.
 *
 * Hidden: the live checks stop (0 reads). With at least one followed deal, one tab of the site
 * (the holder of a Web Lock, so five tabs cost what one costs) asks every HIDDEN_CHECK_EVERY_MS
 * which deals changed since the last check, by their `changed` stamps. With nothing changed that
 * query returns no document and costs one read, so a hidden browser-hour costs at most
 * 3,600,000 / 90,000 = 40 reads (the budget is 40), and none at all with no follows. A change is
 * read at the first check after it, within 90 s; browsers that throttle a long-hidden tab's timers
 * to once a minute run that check within 90 + 60 = 150 s: told within the 2.5 minutes.
 * A check while some tab of the site is visible is skipped: that tab's live checks cover it.
 *
 * The tab that reads a move tells it: a notice in every open tab (BroadcastChannel) and one system
 * notification; the follows keep the status told, under a Web Lock, so it is told once.
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

/** The lock the checking tab holds while it is open; the next tab takes it when it closes. */
export const CHECKER_LOCK = 'transfer-feed.follow-checker';
const MARKS_KEY = 'transfer-feed.follow-checks';
const CHANNEL = 'transfer-feed.follows';

/** The last check of any tab: when (this device's clock) and up to when it read (server, ms). */
export interface CheckMarks {
  at: number;
  to: number | null;
}

export function readMarks(): CheckMarks {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(MARKS_KEY) ?? 'null');
    if (isRecord(value) && typeof value.at === 'number') {
      return { at: value.at, to: typeof value.to === 'number' ? value.to : null };
    }
  } catch {
    // Blocked or malformed: as if never checked.
  }
  return { at: Number.NEGATIVE_INFINITY, to: null };
}

function writeMarks(marks: CheckMarks): void {
  try {
    localStorage.setItem(MARKS_KEY, JSON.stringify(marks));
  } catch {
    // Storage blocked: each tab checks on its own pace.
  }
}

type NewsListener = (news: DealNews) => void;
const newsListeners = new Set<NewsListener>();
let channel: BroadcastChannel | null = null;

/** Calls `listener` with each move told in this page (read here or in another tab). */
export function onNews(listener: NewsListener): () => void {
  newsListeners.add(listener);
  return () => {
    newsListeners.delete(listener);
  };
}

function showInPage(news: DealNews): void {
  for (const listener of newsListeners) listener(news);
}

/**
 * Tells each followed deal among `deals` whose status moved since it was last told: a notice in
 * every open tab of the site, a system notification from this one. Once, whichever tabs read it.
 */
export async function tellMoved(deals: readonly Deal[]): Promise<void> {
  const followed = new Set(readFollows().map((deal) => deal.id));
  if (!deals.some((deal) => followed.has(deal.id))) return;
  const moved = await withFollowsLock(() => takeMoved(deals));
  for (const { id, name, status } of moved) {
    if (status === null) continue;
    const news: DealNews = { id, name, status };
    showInPage(news);
    channel?.postMessage(news);
    await showSystemNotification(news);
  }
}

function isNews(value: unknown): value is DealNews {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isDealStatus(value.status)
  );
}

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
  // A full answer: more may follow its last deal; the next check continues after it.
  if (answer.deals.length === DEALS_PER_READ && last) {
    return { deals: answer.deals, readTime: last.changed + OVERLAP_MS };
  }
  return answer;
}

let running: (() => void) | null = null;
let users = 0;

/**
 * Starts the follows' checks and notices for this page (once, however many components ask);
 * returns the function that stops them when the last one is gone.
 */
export function startFollowChecks(): () => void {
  users += 1;
  running ??= run();
  return () => {
    users -= 1;
    if (users === 0) {
      running?.();
      running = null;
    }
  };
}

function run(): () => void {
  // Never checked by any tab: the first check is a full pace after this page started (its first
  // page was read then), not at once.
  const started = Date.now();
  let leader = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let failures = 0;
  let stopped = false;

  const active = () =>
    !stopped &&
    leader &&
    document.visibilityState === 'hidden' &&
    isOnline() &&
    readFollows().length > 0;

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (checking || !active()) return;
    const due = Math.max(readMarks().at, started) + hiddenDelay(failures);
    timer = setTimeout(() => void check(), Math.max(0, due - Date.now()));
  }

  async function check(): Promise<void> {
    timer = undefined;
    if (checking || !active()) return;
    const marks = readMarks();
    // Another tab (or this one, visible) checked since: its reads cover this one.
    if (Date.now() - Math.max(marks.at, started) < hiddenDelay(failures)) return schedule();
    checking = true;
    writeMarks({ at: Date.now(), to: marks.to });
    try {
      const answer = await readSince(
        marks.to,
        readFollows().map((deal) => deal.id),
      );
      writeMarks({ at: Date.now(), to: answer.readTime ?? marks.to });
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

  // A visible check of any tab marks the time and how far it read: the hidden checks go on from it.
  const stopListening = listenToChanges(({ since }) => {
    const to = Date.parse(since);
    writeMarks({ at: Date.now(), to: Number.isNaN(to) ? readMarks().to : to });
  });
  document.addEventListener('visibilitychange', schedule);
  const stopNetwork = onNetworkChange(schedule);
  const stopFollows = onFollowsChange(schedule);

  // One checking tab: the holder of the lock. Without Web Locks, each tab checks (the marks in
  // localStorage still space their checks out).
  const released = new AbortController();
  if (typeof navigator.locks === 'undefined') {
    leader = true;
  } else {
    navigator.locks
      .request(CHECKER_LOCK, { signal: released.signal }, () => {
        leader = true;
        schedule();
        return new Promise<void>((resolve) =>
          released.signal.addEventListener('abort', () => resolve()),
        );
      })
      .catch(() => {
        // Aborted while waiting: this page is going.
      });
  }

  // The notices of moves other tabs read.
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (isNews(data)) showInPage(data);
    };
  }

  // A click on a system notification (sw/notificationClick.ts): show that deal here.
  const onWorkerMessage = ({ data }: MessageEvent<unknown>) => {
    if (isRecord(data) && data.type === OPEN_DEAL_MESSAGE && typeof data.deal === 'string') {
      openDealHere(data.deal);
    }
  };
  const worker = navigator.serviceWorker;
  worker?.addEventListener('message', onWorkerMessage);
  worker?.startMessages();

  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    released.abort();
    stopListening();
    document.removeEventListener('visibilitychange', schedule);
    stopNetwork();
    stopFollows();
    channel?.close();
    channel = null;
    worker?.removeEventListener('message', onWorkerMessage);
  };
}
