import { useCallback, useMemo, useReducer } from 'react';
import {
  arrivedFirstPage,
  feedReducer,
  initialFeedState,
  listedPosts,
  pinnedOf,
  type FeedOps,
  type FeedState,
} from '../../posts';
import { useFeedWrites } from './useFeedWrites';
import { useLiveUpdates } from '../../live';
import { usePaging, type Paging } from './usePaging';
import { pinnedAtStart, usePinnedPost } from './usePinnedPost';

export interface FeedModel extends FeedState, Paging {
  /** Shows the posts waiting in `incoming` at the top of the feed. */
  showIncoming: () => void;
  /** Reads the pinned post again after it failed. */
  retryPinned: () => void;
  ops: FeedOps;
}

/**
 * The feed: its one reducer, composed from the hooks that feed it (paging, the pinned post, this
 * page's writes, live changes). The first render already shows the first page when index.html's
 * request for it has arrived, and the permalink's post as soon as it is read.
 */
export function useFeed(): FeedModel {
  const [state, dispatch] = useReducer(feedReducer, null, startingState);
  const paging = usePaging(state, dispatch);
  const retryPinned = usePinnedPost(state.pinned, dispatch);
  const { ops, writtenAt } = useFeedWrites(dispatch);
  useLiveUpdates(state.readTime, dispatch, writtenAt);

  const showIncoming = useCallback(() => dispatch({ type: 'showIncoming' }), []);
  const posts = useMemo(() => listedPosts(state.posts, state.pinned), [state.posts, state.pinned]);
  const pinned = useMemo(
    () => pinnedOf(state.pinned, state.deletedElsewhere),
    [state.pinned, state.deletedElsewhere],
  );
  return { ...state, ...paging, posts, pinned, showIncoming, retryPinned, ops };
}

function startingState(): FeedState {
  return initialFeedState(arrivedFirstPage(), pinnedAtStart());
}
