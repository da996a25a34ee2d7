import type { FeedState, WriteAction } from './feedState';
import type { Comment, Post } from '../../../shared/posts/post';

/**
 * How this page's committed writes change the feed (feedReducer's WriteAction, told by the
 * feed's commands, ../commands.ts, once Firestore has committed them).
 */
export function applyWrite(state: FeedState, action: WriteAction): FeedState {
  switch (action.type) {
    case 'added':
      return {
        ...state,
        posts: [action.post, ...state.posts],
        incoming: state.incoming.filter((post) => post.id !== action.post.id),
      };
    case 'edited': {
      // Every field, always: an edit without a status or a deal removes the one the post had.
      const { content, status, deal } = action.edit;
      return update(state, action.id, ({ status: _status, deal: _deal, ...post }) => ({
        ...post,
        content,
        ...(status && { status }),
        ...(deal && { deal: deal.id }),
      }));
    }
    case 'commented':
      return update(state, action.id, (post) => ({ ...post, ...action.summary }));
    case 'commentRemoved': {
      // Only the summary's count and card lines change here; counters are the thread's.
      if (action.countedBy !== 'summary') return state;
      const { user, text, date } = action.comment;
      const other = (each: Comment) =>
        each.user !== user || each.text !== text || each.date !== date;
      return update(state, action.id, (post) => ({
        ...post,
        commentCount: Math.max(0, (post.commentCount ?? 1) - 1),
        cardComments: post.cardComments.filter(other),
      }));
    }
    case 'held':
      return state;
    case 'liked':
      // The count stays; the thread, no longer the card, shows the comments.
      if (!action.marked) return state;
      return update(state, action.id, (post) => ({
        ...post,
        moreComments: true,
        cardComments: [],
      }));
    case 'closed':
      // An open post has no `closed` key at all, as the spec's posts.
      return update(state, action.id, ({ closed: _closed, ...post }) =>
        action.closed ? { ...post, closed: true } : post,
      );
    case 'deleted': {
      const { shared, pinned } = state;
      return {
        ...state,
        pinned: pinned?.id === action.id ? null : pinned,
        posts: state.posts.filter((post) => post.id !== action.id),
        incoming: state.incoming.filter((post) => post.id !== action.id),
        shared:
          shared?.id === action.id ? { id: shared.id, post: null, status: 'missing' } : shared,
      };
    }
  }
}

/**
 * A change made here to post `id`, wherever the page holds it: its pages, the shared and the pinned
 * post.
 */
function update(state: FeedState, id: string, change: (post: Post) => Post): FeedState {
  const changed = (post: Post) => (post.id === id ? change(post) : post);
  const { shared, pinned } = state;
  return {
    ...state,
    posts: state.posts.map(changed),
    shared: shared?.post ? { ...shared, post: changed(shared.post) } : shared,
    pinned: pinned && changed(pinned),
  };
}
