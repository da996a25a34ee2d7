import { startTransition, useCallback, useMemo, useReducer } from 'react';
import { arrivedFirstPage } from '../store/firstPage';
import {
  feedReducer,
  initialFeedState,
  listedPosts,
  sharedPostOf,
  type FeedAction,
  type FeedState,
} from '../data/feedReducer';
import { writtenAt } from '../commands';
import { useCommittedWrites } from './useCommittedWrites';
import { useLiveUpdates } from '../../live';
import { usePaging, type Paging } from './usePaging';
import { sharedAtStart, useSharedPost } from './useSharedPost';

export interface FeedModel extends FeedState, Paging {
  /** Shows the posts waiting in `incoming` at the top of the feed. */
  showIncoming: () => void;
  /** Reads the shared post again after it failed. */
  retryShared: () => void;
}

/**
 * The feed: its one reducer, composed from the hooks that feed it (paging, the shared post, this
 * page's writes, live changes). The first render already shows the first page when index.html's
 * request for it has arrived, and the permalink's post as soon as it is read.
 */
export function useFeed(): FeedModel {
  const [state, dispatch] = useReducer(feedReducer, null, startingState);
  // What the network brings (a page, the shared post, a live change) renders as a
  // transition, in React's short tasks: outside one, an update from a fetch renders every card it
  // touches in one long task. This page's own writes render at once.
  const arrived = useCallback((action: FeedAction) => startTransition(() => dispatch(action)), []);
  const paging = usePaging(state, arrived);
  const retryShared = useSharedPost(state.shared, arrived);
  useCommittedWrites(dispatch);
  useLiveUpdates(state.readTime, arrived, writtenAt);

  const showIncoming = useCallback(() => dispatch({ type: 'showIncoming' }), []);
  // No card before the first page: a shared post read first would be painted alone, and
  // the note 'Loading posts…' below it pushed down when the page came (a layout shift).
  const waiting = state.status === 'loading' && state.firstPage;
  const posts = useMemo(
    () => (waiting ? [] : listedPosts(state.posts, state.shared, state.pinned)),
    [waiting, state.posts, state.shared, state.pinned],
  );
  const shared = useMemo(
    () => sharedPostOf(state.shared, state.deletedElsewhere),
    [state.shared, state.deletedElsewhere],
  );
  return { ...state, ...paging, posts, shared, showIncoming, retryShared };
}

function startingState(): FeedState {
  return initialFeedState(arrivedFirstPage(), sharedAtStart());
}
