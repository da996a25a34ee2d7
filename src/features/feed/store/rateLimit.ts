import { LIMITS } from '../../../shared/limits';
import { StoreError, storeErrorCode } from '../../../shared/errors/storeError';
import { loadStore } from '../../../shared/store/firestoreWrites';
import { COMMENTERS } from '../../comments/data/commentCopies';

/** Runs a rate-limited commit; a refusal explained by the account's last action says 'too-soon'. */
export async function rateLimited<T>(uid: string, commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    if (storeErrorCode(error) === 'permission-denied' && (await commentedJustNow(uid))) {
      throw new StoreError('too-soon', 'This account commented less than a moment ago.');
    }
    throw error;
  }
}

/** Whether the account's last comment is recent enough that the rate limit explains a refusal. */
async function commentedJustNow(uid: string): Promise<boolean> {
  try {
    const { sdk, db } = await loadStore();
    const last: unknown = (await sdk.getDoc(sdk.doc(db, COMMENTERS, uid))).get('last');
    // Allow for a client clock a few seconds off the server's.
    const window = (LIMITS.commentIntervalSeconds + 5) * 1000;
    return last instanceof sdk.Timestamp && Date.now() - last.toMillis() < window;
  } catch {
    return false;
  }
}
