import { POST_CHANGES } from '../collections';
import { retryingContention } from './contention';
import type { Batch, Store, Transaction } from './firestoreWrites';

/**
 * A post's change stamp and the writes that carry it. Apart from firestoreWrites.ts, which reads
 * the app's settings, so that scripts and tests (which cannot load them) run the app's own post
 * and comment recipes on a store of their own.
 */

/** The Lite SDK's module, as the stamp needs it. */
interface Sdk {
  serverTimestamp: () => unknown;
}

/**
 * postChanges/{id} as a write of the post leaves it (firestore.rules stampsPost): changed at the
 * server's time, the post document itself too (`postAt`: open pages read the post again only when
 * it moved), and the comment the write adds or removes, if any.
 */
export function postStamp(sdk: Sdk, comment?: string): Record<string, unknown> {
  const at = sdk.serverTimestamp();
  return { at, postAt: at, ...(comment !== undefined && { comment }) };
}

/** Stamps postChanges/{id} at the server's time inside a transaction that writes the post. */
export function stampInTransaction({ sdk, db }: Store, transaction: Transaction, id: string): void {
  transaction.set(sdk.doc(db, POST_CHANGES, id), postStamp(sdk));
}

/**
 * Commits a post's writes with the stamp of postChanges/{id} at the server's time, in one batch:
 * the rules refuse a post write without it, and open pages find the change by it
 * (features/live/state/liveChecks.ts).
 */
export async function commitWithStamp(
  { sdk, db }: Store,
  id: string,
  write: (batch: Batch) => void,
  onRetry?: () => void,
): Promise<void> {
  await retryingContention(() => {
    const batch = sdk.writeBatch(db);
    write(batch);
    batch.set(sdk.doc(db, POST_CHANGES, id), postStamp(sdk));
    return batch.commit();
  }, onRetry);
}
