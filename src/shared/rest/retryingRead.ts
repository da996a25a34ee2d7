import { StoreError } from '../errors/storeError';

/**
 * The longest wait before each retry of a read, in ms: two retries, three tries in all. Each wait
 * is drawn at random below its figure ("full jitter"), so pages that failed together do not all
 * ask again together. Firestore's SDKs retry UNAVAILABLE and DEADLINE_EXCEEDED with jittered
 * exponential backoff too (the first retry at once, then about 1 s, growing 1.5 times), made for
 * listeners that can wait; a person is waiting for these reads, so a failure that outlasts about
 * a second is the page's to say, with its Retry.
 */
export const READ_BACKOFF_MS = [250, 750];

/**
 * `read`, asked again after a short random wait while it fails with UNAVAILABLE (a dropped
 * connection too: restRead's) or DEADLINE_EXCEEDED, which Firestore documents as passing and to
 * retry with backoff; its last error once the retries are spent, any other error at once.
 * `tried` counts tries made before this call (index.html's early read): this call is then one of
 * the retries, made at once, the page's own loading having been its wait.
 */
export async function retryingRead<T>(
  read: () => Promise<T>,
  tried = 0,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let retry = tried; ; retry += 1) {
    try {
      return await read();
    } catch (error) {
      const passing =
        error instanceof StoreError &&
        (error.code === 'unavailable' || error.code === 'deadline-exceeded');
      if (!passing || retry >= READ_BACKOFF_MS.length) throw error;
      await sleep(Math.random() * READ_BACKOFF_MS[retry]);
    }
  }
}
