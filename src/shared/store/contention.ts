import { storeErrorCode } from '../errors/storeError';

/** Tries in all: the first, then retries after 100, 200, 400 and 800 ms (with jitter). */
const ATTEMPTS = 5;
const FIRST_DELAY_MS = 100;

/**
 * Runs a commit again while Firestore answers ABORTED, which it documents as a concurrency
 * conflict to retry with backoff (many fans commenting on one post at the same moment: production
 * says "Too much contention", Google's emulator "Transaction lock timeout"). An aborted commit
 * wrote nothing, so running the same batch again cannot write twice. `commit` builds its batch
 * anew each time: a batch commits once. `onRetry` is told before each retry (the form says
 * 'Sending…').
 */
export async function retryingContention(
  commit: () => Promise<void>,
  onRetry?: () => void,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await commit();
    } catch (error) {
      if (attempt === ATTEMPTS || storeErrorCode(error) !== 'aborted') throw error;
      onRetry?.();
      const delay = FIRST_DELAY_MS * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * delay));
    }
  }
}
