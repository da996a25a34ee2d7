import type { Deal } from '../data/deal';
import { isDealStatus } from '../../../shared/posts/dealStatus';
import { isRecord } from '../../../shared/rest/restDecode';
import { onEachSet } from '../../../shared/events/onEachSet';
import { createExternalStore } from '../../../shared/state/externalStore';
import { showSystemNotification, type DealNews } from './dealAlerts';
import { readFollows, takeMoved, withFollowsLock } from './follows';

/**
 * A followed deal's move, told once whichever tab reads it: the reading tab shows it in its page,
 * sends it to every other open tab of the site (a BroadcastChannel, which shows it there too) and
 * shows the one system notification.
 */

const CHANNEL = 'transfer-feed.follows';

/** The last move told in this page, read here or in another tab (a new object each time). */
const lastNews = createExternalStore<DealNews | null>(null);
let channel: BroadcastChannel | null = null;

/** Calls `listener` with each move told in this page (read here or in another tab). */
export function onNews(listener: (news: DealNews) => void): () => void {
  return onEachSet(lastNews, listener);
}

/**
 * Tells each followed deal among `deals` whose status moved since it was last told: a notice in
 * every open tab of the site, a system notification from this one. Once, whichever tabs read it.
 */
export async function tellMoved(deals: readonly Deal[]): Promise<void> {
  const followed = new Set(readFollows().map((deal) => deal.id));
  if (!deals.some((deal) => followed.has(deal.id))) return;
  // Under the follows' lock: two tabs that read the same move at once tell it once.
  const moved = await withFollowsLock(() => takeMoved(deals));
  for (const { id, name, status } of moved) {
    if (status === null) continue;
    const news: DealNews = { id, name, status };
    lastNews.set(news);
    channel?.postMessage(news);
    await showSystemNotification(news);
  }
}

/**
 * Shows in this page the moves other tabs read (and sends this page's to them, from tellMoved);
 * without BroadcastChannel, each tab shows only what it reads. Returns the function that closes it.
 */
export function openNewsChannel(): () => void {
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (isNews(data)) lastNews.set(data);
    };
  }
  return () => {
    channel?.close();
    channel = null;
  };
}

function isNews(value: unknown): value is DealNews {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isDealStatus(value.status)
  );
}
