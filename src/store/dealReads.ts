import { config } from '../config';
import { DEALS, decodeDeal, decodeDealBatch, decodeDeals, type Deal } from '../data/deal';
import { dealPostsQuery, dealsQuery, type DealFilter } from '../data/dealQueries';
import { decodePage, type Cursor, type PostsPage } from '../data/page';
import { documentUrl, documentsRoot } from '../data/postsQuery';
import type { BatchGot } from '../data/batchGet';
import { StoreError } from '../data/storeError';
import { postRest, restRead, restSettings } from './restReads';

/**
 * The deals' reads, over REST as every read of the feed: the strip's lists, one deal, the deals a
 * live check found changed, and a deal's posts. Loaded with the deals strip, after the first page.
 */

/** The strip's list for `filter`, most recently changed first. */
export function listDeals(filter: DealFilter): Promise<Deal[]> {
  return postRest('runQuery', dealsQuery(filter), decodeDeals);
}

/** A deal's posts after `cursor` (the newest when null), a page at a time. */
export function listDealPosts(dealId: string, cursor: Cursor | null): Promise<PostsPage> {
  const query = dealPostsQuery(dealId, config.firebase.projectId, cursor);
  return postRest('runQuery', query, decodePage);
}

/** One deal by id; null when there is none (404 NOT_FOUND, as for a permalink's post). */
export async function readDeal(id: string): Promise<Deal | null> {
  try {
    return await restRead(documentUrl(DEALS, id, restSettings()), undefined, decodeDeal);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'not-found') return null;
    throw error;
  }
}

/** The deals `ids` name as they are now: one read each, in one request. */
export function readDeals(ids: readonly string[]): Promise<BatchGot<Deal>> {
  const root = documentsRoot(config.firebase.projectId);
  const documents = ids.map((id) => `${root}/${DEALS}/${id}`);
  return postRest('batchGet', { documents }, decodeDealBatch);
}
