import type { DealStatus } from '../../../shared/posts/dealStatus';
import { dealParam } from '../data/addressParams';
import { pushDeal } from './dealHistory';
import { OPEN_DEAL_MESSAGE } from '../data/dealMessage';
import { isRecord } from '../../../shared/rest/restDecode';

/**
 * How a followed deal's move is told (issue 31): a notice in the page, and, with the browser's
 * permission, a system notification (through the service worker where one is active, else
 * `new Notification`). Loaded with the deals strip.
 */

/**
 * A followed deal moved: its name and new status (a move always has one,
 * features/deals/data/deal.ts).
 */
export interface DealNews {
  id: string;
  name: string;
  status: DealStatus;
}

/** What a notice and a notification say: 'Mateo Arlanza: Done deal'. */
export function newsText({ name, status }: DealNews): string {
  return `${name}: ${status}`;
}

export type AlertPermission = NotificationPermission | 'unsupported';

export function alertPermission(): AlertPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser's permission (only ever after a press of Follow). */
export async function askAlertPermission(): Promise<AlertPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** Shows the system notification of `news`, if the browser allows; clicking it opens the deal. */
export async function showSystemNotification(news: DealNews): Promise<void> {
  if (alertPermission() !== 'granted') return;
  const title = newsText(news);
  const options = { tag: `deal:${news.id}`, body: 'Open the deal’s feed', data: { deal: news.id } };
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration?.active) {
      await registration.showNotification(title, options);
      return;
    }
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      openDealHere(news.id);
      notification.close();
    };
  } catch (error) {
    console.warn('Could not show a notification', error);
  }
}

/** Shows deal `id`'s feed in this page, as a press of its link in the strip does. */
export function openDealHere(id: string): void {
  if (dealParam() !== id) pushDeal(id);
  // useDealAddress listens to popstate: the page shows what the address names.
  dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * Shows here the deal of a clicked system notification (the service worker,
 * sw/notificationClick.ts, sends it to this page); returns the function that stops listening.
 */
export function openDealsOfNotificationClicks(): () => void {
  const onWorkerMessage = ({ data }: MessageEvent<unknown>) => {
    if (isRecord(data) && data.type === OPEN_DEAL_MESSAGE && typeof data.deal === 'string') {
      openDealHere(data.deal);
    }
  };
  const worker = navigator.serviceWorker;
  worker?.addEventListener('message', onWorkerMessage);
  worker?.startMessages();
  return () => worker?.removeEventListener('message', onWorkerMessage);
}
