import { documentData } from '../../../src/shared/rest/restDecode';
import { ownerClient } from '../../lib/ownerClient';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../../lib/testPorts';
import { STEP, type CountedPage } from './countedPage';

/**
 * A visitor's first load stays ≤ 45 document reads (the first page, pinned post first, the deals
 * strip), so deadline day's crowd costs what a quiet day does…
 */
export const FIRST_LOAD_BUDGET = 45;

/** What a visitor's first load read, and what its cards allow on top of the 45. */
export interface FirstLoad {
  reads: number;
  /** Of those, the counts of marked threads (one aggregation each: one read). */
  countReads: number;
  /** Cards on the page. */
  cards: number;
  /**
   * Of those, the cards of marked posts (`moreComments`): …plus at most one read each, their
   * count, read when the card shows.
   */
  markedCards: number;
}

/**
 * The tab's first load, once the counts its cards ask for (loaded after the first page) are in:
 * a step of the page's time, the requests under way ended. The cards of marked posts are told by
 * their stored posts (read as the owner, not by the tab).
 */
export async function measureFirstLoad(tab: CountedPage): Promise<FirstLoad> {
  await tab.pass(STEP);
  const ids = await tab.page
    .locator('article[data-post-id]')
    .evaluateAll((articles) => articles.map((article) => article.getAttribute('data-post-id')));
  const owner = ownerClient(firestoreUrl(BENCH_PORTS), PROJECT_ID);
  const distinct = [...new Set(ids.flatMap((id) => (id ? [id] : [])))];
  const marked = await Promise.all(
    distinct.map(async (id) => {
      const stored = await owner.get(`posts/${id}`);
      return stored !== null && documentData(stored).moreComments === true;
    }),
  );
  const { reads, countReads } = tab.tally();
  return {
    reads,
    countReads,
    cards: distinct.length,
    markedCards: marked.filter(Boolean).length,
  };
}
