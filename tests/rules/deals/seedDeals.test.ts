/**
 * The seed writes the demo deals as firestore.rules would have left them (scripts/seed/demoDeals.ts
 * demoDeals), so the deals strip has data and the rules treat seeded deals as any other: the
 * administrator's next post in a seeded deal moves it on exactly as in a deal the app wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import { DEMO_DEAL_NAMES } from '../../../scripts/seed/demoDeals';
import { buildDemoPosts } from '../../../scripts/seed/demoPosts';
import { writePosts } from '../../../scripts/seed/seed';
import { dealAfterPost, DEALS, toDeal, type Deal } from '../../../src/features/deals/data/deal';
import type { DealStatus } from '../../../src/shared/posts/dealStatus';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
} from '../../support/harness';
import { stampChange } from '../../support/stampedWrites';

let harness: Harness;
let admin: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-seed-deals');
  admin = harness.client(googleUser('admin-1', readAdminEmail()));
  const target = { firestoreUrl: harness.url, projectId: harness.projectId };
  await writePosts(target, buildDemoPosts());
});
afterAll(async () => {
  await harness.close();
});

/** Every seeded deal, as anyone reads them. */
async function seededDeals(): Promise<Deal[]> {
  const page = await getDocs(query(collection(harness.client(null), DEALS), limit(50)));
  return page.docs.map((snapshot) => toDeal(snapshot.id, snapshot.data()));
}

/**
 * The administrator's new post `postId` in `deal` with `status`, and the deal as the app moves it.
 */
function postInDeal(deal: Deal, postId: string, status: DealStatus): Promise<void> {
  const batch = writeBatch(admin);
  batch.set(doc(admin, 'posts', postId), newPost({ deal: deal.id, status }));
  stampChange(admin, batch, postId);
  const write = dealAfterPost(deal, deal.name, postId, status, Date.now());
  if (write) batch.set(doc(admin, DEALS, deal.id), { ...write, changed: serverTimestamp() });
  return batch.commit();
}

describe('the seed’s deals', () => {
  it('are every demo deal, each naming a seeded post of it with its status', async () => {
    const deals = await seededDeals();
    expect(new Set(deals.map((deal) => deal.id))).toEqual(new Set(DEMO_DEAL_NAMES.keys()));
    for (const deal of deals) {
      const post = await getDoc(doc(harness.client(null), 'posts', deal.post));
      expect(post.get('deal'), deal.id).toBe(deal.id);
      expect(post.get('status'), deal.id).toBe(deal.status);
      expect(deal.history.at(-1)?.status, deal.id).toBe(deal.status);
    }
  });

  it('move on with the administrator’s next post as the rules require of any deal', async () => {
    const deals = await seededDeals();
    const open = deals.find((deal) => deal.open && deal.status !== 'Done deal');
    if (!open) throw new Error('the seed has no open deal');
    await expectDenied(
      postInDeal({ ...open, history: open.history.slice(1) }, 'p-short', 'Done deal'),
    );
    await expectAllowed(postInDeal(open, 'p-next', 'Done deal'));
    const moved = toDeal(open.id, (await getDoc(doc(admin, DEALS, open.id))).data());
    expect(moved).toMatchObject({ status: 'Done deal', open: false, post: 'p-next' });
    expect(moved.history.slice(0, -1)).toEqual(open.history);
  });

  it('take a post with their status without a write, and a rename', async () => {
    const [deal] = await seededDeals();
    if (deal.status === null) throw new Error('every seeded deal has a status');
    await expectAllowed(postInDeal(deal, 'p-same', deal.status));
    const rename = writeBatch(admin);
    rename.update(doc(admin, DEALS, deal.id), { name: `${deal.name} (renamed)` });
    await expectAllowed(rename.commit());
  });
});
