import { useCallback, useMemo, useReducer } from 'react';
import {
  arrivedFirstPage,
  feedReducer,
  initialFeedState,
  listedPosts,
  sharedPostOf,
  type FeedOps,
  type FeedState,
} from '../../posts';
import { useFeedWrites } from './useFeedWrites';
import { useLiveUpdates } from '../../live';
import { usePaging, type Paging } from './usePaging';
import { sharedAtStart, useSharedPost } from './useSharedPost';

export interface FeedModel extends FeedState, Paging {
  /** Shows the posts waiting in `incoming` at the top of the feed. */
  showIncoming: () => void;
  /** Reads the shared post again after it failed. */
  retryShared: () => void;
  ops: FeedOps;
}

/**
 * The feed: its one reducer, composed from the hooks that feed it (paging, the shared post, this
 * page's writes, live changes). The first render already shows the first page when index.html's
 * request for it has arrived, and the permalink's post as soon as it is read.
 */
export function useFeed(): FeedModel {
  const [state, dispatch] = useReducer(feedReducer, null, startingState);
  const paging = usePaging(state, dispatch);
  const retryShared = useSharedPost(state.shared, dispatch);
  const { ops, writtenAt } = useFeedWrites(dispatch);
  useLiveUpdates(state.readTime, dispatch, writtenAt);

  const showIncoming = useCallback(() => dispatch({ type: 'showIncoming' }), []);
  const posts = useMemo(() => listedPosts(state.posts, state.shared), [state.posts, state.shared]);
  const shared = useMemo(
    () => sharedPostOf(state.shared, state.deletedElsewhere),
    [state.shared, state.deletedElsewhere],
  );
  return { ...state, ...paging, posts, shared, showIncoming, retryShared, ops };
}

function startingState(): FeedState {
  return initialFeedState(arrivedFirstPage(), sharedAtStart());
}
