/// <reference lib="webworker" />
import { isRecord } from '../shared/rest/restDecode';
import { DEAL_PARAM } from '../features/deals/data/dealAddress';
import { OPEN_DEAL_MESSAGE } from '../features/deals/data/dealMessage';

/**
 * A click on a followed deal's notification (features/deals/state/dealAlerts.ts shows it with
 * `data.deal`): focuses a tab of the site and shows that deal's feed there (the page does it, on
 * this message, without a reload); with no tab open, opens /?deal=<id> in a new one.
 */
export function registerNotificationClick(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    if (!isRecord(data) || typeof data.deal !== 'string') return;
    event.waitUntil(openDeal(sw, data.deal));
  });
}

export async function openDeal(sw: ServiceWorkerGlobalScope, deal: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client =
    windows.find((candidate) => candidate.focused) ??
    windows.find((candidate) => candidate.visibilityState === 'visible') ??
    windows[0];
  if (!client) {
    const url = `${import.meta.env.BASE_URL}?${DEAL_PARAM}=${encodeURIComponent(deal)}`;
    await sw.clients.openWindow(url);
    return;
  }
  client.postMessage({ type: OPEN_DEAL_MESSAGE, deal });
  // Only a click on the notification may focus a window: the browser refuses otherwise.
  await client.focus().catch(() => undefined);
}
