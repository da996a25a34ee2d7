/**
 * What a page tells its service worker when it read the first page past it (no worker controlled
 * it yet): Firestore's runQuery answer, for the worker to keep (src/sw/firstPageRoute.ts). Sent by
 * src/app/registerServiceWorker.ts. No DOM here: the worker imports it too.
 */
export const FIRST_PAGE_MESSAGE = 'feed-first-page';

export interface FirstPageMessage {
  type: typeof FIRST_PAGE_MESSAGE;
  json: unknown;
}

/**
 * Whether `data` is that message carrying a runQuery answer (an array); anything else is ignored.
 */
export function isFirstPageMessage(data: unknown): data is FirstPageMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === FIRST_PAGE_MESSAGE &&
    'json' in data &&
    Array.isArray(data.json)
  );
}
