import { type Store, type Transaction } from '../../../shared/store/firestoreWrites';
import type { DealStatus } from '../../../shared/posts/dealStatus';
import type { PostDeal } from '../../../shared/posts/post';
import { DEALS, dealAfterPost, toDeal } from '../data/deal';

/**
 * Reads the deal a post names (all reads of a transaction come before its writes) and returns
 * the write of its summary after that post (dealAfterPost), to make once the post is written.
 */
export async function writeDealSummary(
  { sdk, db }: Store,
  transaction: Transaction,
  deal: PostDeal,
  postId: string,
  status: DealStatus | undefined,
): Promise<() => void> {
  const ref = sdk.doc(db, DEALS, deal.id);
  const snapshot = await transaction.get(ref);
  const stored = snapshot.exists() ? toDeal(deal.id, snapshot.data()) : null;
  const summary = dealAfterPost(stored, deal.name, postId, status, Date.now());
  return () => {
    if (summary) transaction.set(ref, { ...summary, changed: sdk.serverTimestamp() });
  };
}
