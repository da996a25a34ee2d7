/**
 * What a page tells its service worker when it read past it (no worker controlled it yet): the
 * answer of one of index.html's reads the worker keeps for offline (src/sw/keptReadsRoute.ts), as
 * Firestore sent it. Sent by src/app/registerServiceWorker.ts. No DOM here: the worker imports it
 * too.
 */
export const KEPT_READ_MESSAGE = 'feed-kept-read';

/** The reads kept: the first page of posts, which leads with the club's pinned post. */
export const KEPT_READS = ['first-page'] as const;
export type KeptRead = (typeof KEPT_READS)[number];

export interface KeptReadMessage {
  type: typeof KEPT_READ_MESSAGE;
  read: KeptRead;
  json: unknown;
}

/**
 * Whether `data` is that message, naming a kept read and carrying a runQuery answer (an array);
 * anything else is ignored.
 */
export function isKeptReadMessage(data: unknown): data is KeptReadMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === KEPT_READ_MESSAGE &&
    'read' in data &&
    KEPT_READS.some((read) => read === data.read) &&
    'json' in data &&
    Array.isArray(data.json)
  );
}
