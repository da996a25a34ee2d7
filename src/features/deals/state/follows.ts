import type { Deal } from '../data/deal';
import { isDealStatus, type DealStatus } from '../../../shared/posts/dealStatus';
import { isRecord } from '../../../shared/rest/restDecode';
import { createExternalStore } from '../../../shared/state/externalStore';

/**
 * The deals this device follows (issue 31), kept in localStorage: any visitor, signed in or not,
 * and nothing written to Firestore. Every tab of the site shares them (the 'storage' event tells
 * the others). Each keeps the status last told, so a change is told once, whichever tab sees it.
 * Loaded with the deals strip.
 */

/** A followed deal as last seen: what a check compares with. */
export interface FollowedDeal {
  id: string;
  name: string;
  status: DealStatus | null;
  /** The deal's `changed` when last seen (server time, ms). */
  changed: number;
}

export const FOLLOWS_KEY = 'transfer-feed.follows';

// The parsed list, kept while the stored text is the same (useSyncExternalStore needs one object).
let cached: { text: string | null; follows: FollowedDeal[] } = { text: null, follows: [] };

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    // Storage blocked (some privacy settings): follows last as long as the page.
    return null;
  }
}

let memory: string | null = null;

function storedText(): string | null {
  const store = storage();
  return store ? store.getItem(FOLLOWS_KEY) : memory;
}

/** The followed deals, in the order they were followed; anything malformed is left out. */
export function readFollows(): FollowedDeal[] {
  const text = storedText();
  if (text === cached.text) return cached.follows;
  cached = { text, follows: parseFollows(text) };
  return cached.follows;
}

export function parseFollows(text: string | null): FollowedDeal[] {
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.id !== 'string' || typeof entry.name !== 'string') {
      return [];
    }
    const status = isDealStatus(entry.status) ? entry.status : null;
    const changed = typeof entry.changed === 'number' ? entry.changed : 0;
    return [{ id: entry.id, name: entry.name, status, changed }];
  });
}

function writeFollows(follows: readonly FollowedDeal[]): void {
  const text = JSON.stringify(follows);
  const store = storage();
  if (store) {
    try {
      store.setItem(FOLLOWS_KEY, text);
    } catch {
      memory = text;
    }
  } else {
    memory = text;
  }
  followsChanged();
}

export function isFollowed(id: string): boolean {
  return readFollows().some((followed) => followed.id === id);
}

/** Follows `deal` as it is now: its next change of status is news. */
export function follow(deal: Deal): void {
  if (isFollowed(deal.id)) return;
  const { id, name, status, changed } = deal;
  writeFollows([...readFollows(), { id, name, status, changed }]);
}

export function unfollow(id: string): void {
  writeFollows(readFollows().filter((followed) => followed.id !== id));
}

/**
 * The followed deals among `deals` whose status moved since last seen, now recorded as seen (so
 * no other check, in this tab or another, tells them again). Call it inside withFollowsLock.
 */
export function takeMoved(deals: readonly Deal[]): Deal[] {
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  const moved: Deal[] = [];
  const next = readFollows().map((followed) => {
    const deal = byId.get(followed.id);
    if (!deal) return followed;
    if (deal.status !== followed.status) moved.push(deal);
    return { id: deal.id, name: deal.name, status: deal.status, changed: deal.changed };
  });
  if (moved.length > 0) writeFollows(next);
  return moved;
}

/**
 * Runs `task` while no other tab of the site runs one (Web Locks), so a change read by two tabs at
 * once is told by one; without Web Locks, at once.
 */
export async function withFollowsLock<T>(task: () => T): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return task();
  return navigator.locks.request('transfer-feed.follows', task);
}

/**
 * Tells its subscribers that the follows changed: written in this tab, or in another (the
 * 'storage' event, sent to every other tab of the site). Its value is the follows as of that
 * change; readers that must see storage as it is now (useFollows) call readFollows().
 */
export const follows = createExternalStore<readonly FollowedDeal[]>(readFollows());

function followsChanged(): void {
  follows.set(readFollows());
}

// Another tab followed, unfollowed or recorded a move told (or cleared storage: key null).
if (typeof window !== 'undefined') {
  addEventListener('storage', (event: StorageEvent) => {
    if (event.key === FOLLOWS_KEY || event.key === null) followsChanged();
  });
}
