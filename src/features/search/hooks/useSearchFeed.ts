import { useCallback, useEffect, useReducer } from 'react';
import { feedReducer, initialFeedState } from '../../feed/data/feedReducer';
import { type Cursor } from '../../../shared/posts/page';
import { changesNotWrittenHere, listenToChanges } from '../../live';
import { useCommittedWrites, usePaging, writtenAt, type FeedModel } from '../../feed';
import { searchPage } from '../store/searchReads';
import { matchesTerms } from '../data/searchTerms';

/**
 * The posts a search of every post found, as a feed of their own (the full feed's reducer stays
 * as it was, for when the search box is cleared): a page of 35 at once and one per Load More, the
 * same card controls and writes, and the live checks' changes (a post edited out of the search
 * leaves it, a new one that matches waits behind 'N new posts').
 */
export function useSearchFeed(terms: readonly string[]): FeedModel {
  const [state, dispatch] = useReducer(feedReducer, null, () => initialFeedState(null, null));
  const readPage = useCallback((cursor: Cursor | null) => searchPage(terms, cursor), [terms]);
  const paging = usePaging(state, dispatch, readPage);
  useCommittedWrites(dispatch);

  useEffect(
    () =>
      listenToChanges((found, startedAt) => {
        const { posts, deleted, since } = changesNotWrittenHere(found, writtenAt, startedAt);
        const matching = posts.filter((post) => matchesTerms(post, terms));
        const left = posts.filter((post) => !matching.includes(post)).map((post) => post.id);
        dispatch({
          type: 'changed',
          changes: { posts: matching, deleted: [...deleted, ...left], since },
        });
      }),
    [terms],
  );

  const showIncoming = useCallback(() => dispatch({ type: 'showIncoming' }), []);
  return { ...state, ...paging, showIncoming, retryShared: () => {} };
}
