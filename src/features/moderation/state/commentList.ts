import type { ModeratedComment } from '../data/moderation';
import type { CommentFilter, CommentsCursor, CommentsPage } from '../store/moderation';

export type ModerationStatus = 'loading' | 'ready' | 'failed';

export const EVERY_COMMENT: CommentFilter = { reported: false, uid: null };

export interface ListState {
  /** Which read the list belongs to: a new filter or a Retry starts a new one. */
  read: number;
  filter: CommentFilter;
  comments: ModeratedComment[];
  next: CommentsCursor | null;
  status: ModerationStatus;
}

export type ListAction =
  | { type: 'filter'; filter: CommentFilter }
  | { type: 'reload' }
  | { type: 'loading' }
  | { type: 'page'; read: number; page: CommentsPage; first: boolean }
  | { type: 'newer'; read: number; comments: ModeratedComment[] }
  | { type: 'failed'; read: number }
  | { type: 'drop'; gone: (comment: ModeratedComment) => boolean }
  | { type: 'dismissed'; id: string };

export const INITIAL_LIST: ListState = {
  read: 0,
  filter: EVERY_COMMENT,
  comments: [],
  next: null,
  status: 'loading',
};

/** The listed comments after the newer ones are put on top (any already listed are skipped). */
function withNewer(state: ListState, newer: ModeratedComment[]): ListState {
  const known = new Set(state.comments.map((comment) => comment.id));
  const added = newer.filter((comment) => !known.has(comment.id));
  return added.length === 0 ? state : { ...state, comments: [...added, ...state.comments] };
}

/** Under 'Reported' a dismissed comment leaves the list; otherwise it stays with no open report. */
function withDismissed(state: ListState, id: string): ListState {
  return {
    ...state,
    comments: state.filter.reported
      ? state.comments.filter((comment) => comment.id !== id)
      : state.comments.map((comment) => (comment.id === id ? { ...comment, reports: 0 } : comment)),
  };
}

/**
 * The moderation list's transitions: filter, Retry, pages, newer comments, removals, dismissals.
 */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'filter':
      return { ...INITIAL_LIST, read: state.read + 1, filter: action.filter };
    case 'reload':
      return { ...state, read: state.read + 1, status: 'loading' };
    case 'loading':
      return { ...state, status: 'loading' };
    case 'page': {
      if (action.read !== state.read) return state;
      const { comments, next } = action.page;
      const listed = action.first ? comments : [...state.comments, ...comments];
      return { ...state, comments: listed, next, status: 'ready' };
    }
    case 'newer':
      return action.read === state.read ? withNewer(state, action.comments) : state;
    case 'failed':
      return action.read === state.read ? { ...state, status: 'failed' } : state;
    case 'drop':
      return { ...state, comments: state.comments.filter((comment) => !action.gone(comment)) };
    case 'dismissed':
      return withDismissed(state, action.id);
  }
}
