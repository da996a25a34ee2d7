import { StoreError } from '../../../shared/errors/storeError';
import { isRecord } from '../../../shared/rest/restDecode';
import { call, type Store } from '../../../shared/store/firestoreWrites';
import { SUSPENSIONS } from '../data/commentCopies';
import type { Suspension } from '../data/commenting';

/**
 * The signed-in account's own suspension, or null (the rules let only it and the administrator read
 * it).
 */
export async function readOwnSuspension(uid: string): Promise<Suspension | null> {
  return call(async (store) => {
    const { sdk, db } = store;
    const snapshot = await sdk.getDoc(sdk.doc(db, SUSPENSIONS, uid));
    return snapshot.exists() ? toSuspension(store, uid, snapshot.data()) : null;
  });
}

export function toSuspension({ sdk }: Store, uid: string, data: unknown): Suspension {
  if (!isRecord(data)) throw new StoreError('data-loss', `suspensions/${uid} is not a document`);
  const until = data.until instanceof sdk.Timestamp ? data.until.toMillis() : null;
  return { uid, user: typeof data.user === 'string' ? data.user : '', until };
}
