import { config } from '../../../shared/config';
import { DEALS, decodeDeal, decodeDealBatch, decodeDeals, type Deal } from '../data/deal';
import {
  dealPostsQuery,
  dealsChangedQuery,
  dealsQuery,
  type DealFilter,
} from '../data/dealQueries';
import type { Cursor, PostsPage } from '../../../shared/posts/page';
import { decodePage } from '../../../shared/posts/postDecode';
import { documentUrl, documentsRoot } from '../../../shared/posts/postsQuery';
import { readTimeOf } from '../../../shared/rest/restDecode';
import type { BatchGot } from '../../../shared/rest/batchGet';
import { StoreError } from '../../../shared/errors/storeError';
import { postRest, restRead, restSettings } from '../../../shared/posts/restReads';

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

/** Deals as read at `readTime` (server time, ms; null when the answer had none). */
export interface DealsAt {
  deals: Deal[];
  readTime: number | null;
}

function dealsAt(deals: Deal[], json: unknown): DealsAt {
  const time = readTimeOf(json);
  const readTime = time === null ? null : Date.parse(time);
  return { deals, readTime: Number.isNaN(readTime) ? null : readTime };
}

/** The deals changed after `after` (server time, ms), oldest change first; one read if none. */
export function readDealsChangedAfter(after: number): Promise<DealsAt> {
  return postRest('runQuery', dealsChangedQuery(after), (json) => dealsAt(decodeDeals(json), json));
}

/** The deals `ids` name as they are now (one read each), and when they were read. */
export function readDealsAt(ids: readonly string[]): Promise<DealsAt> {
  const root = documentsRoot(config.firebase.projectId);
  const documents = ids.map((id) => `${root}/${DEALS}/${id}`);
  return postRest('batchGet', { documents }, (json) => dealsAt(decodeDealBatch(json).found, json));
}
