import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Suspension } from '../../comments';
import type { ModeratedComment } from '../data/moderation';
import type { CommentFilter, CommentsCursor, CommentsPage } from '../store/moderation';
import * as store from '../store/moderation';

export type ModerationStatus = 'loading' | 'ready' | 'failed';

export interface Moderation {
  filter: CommentFilter;
  setFilter: (filter: CommentFilter) => void;
  /** The listed comments, newest first. */
  comments: ModeratedComment[];
  status: ModerationStatus;
  hasMore: boolean;
  loadMore: () => void;
  /** Reads the current filter's first page again (Retry). */
  reload: () => void;
  /** Suspensions in force or past, by account id. */
  suspensions: ReadonlyMap<string, Suspension>;
  remove: (comment: ModeratedComment) => Promise<void>;
  dismiss: (comment: ModeratedComment) => Promise<void>;
  suspend: (suspension: Suspension, removeAll: boolean) => Promise<void>;
  lift: (uid: string) => Promise<void>;
}

const EVERY_COMMENT: CommentFilter = { reported: false, uid: null };

interface ListState {
  /** Which read the list belongs to: a new filter or a Retry starts a new one. */
  read: number;
  filter: CommentFilter;
  comments: ModeratedComment[];
  next: CommentsCursor | null;
  status: ModerationStatus;
}

type ListAction =
  | { type: 'filter'; filter: CommentFilter }
  | { type: 'reload' }
  | { type: 'loading' }
  | { type: 'page'; read: number; page: CommentsPage; first: boolean }
  | { type: 'newer'; read: number; comments: ModeratedComment[] }
  | { type: 'failed'; read: number }
  | { type: 'drop'; gone: (comment: ModeratedComment) => boolean }
  | { type: 'dismissed'; id: string };

function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'filter':
      return {
        read: state.read + 1,
        filter: action.filter,
        comments: [],
        next: null,
        status: 'loading',
      };
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
    case 'newer': {
      if (action.read !== state.read) return state;
      const known = new Set(state.comments.map((comment) => comment.id));
      const added = action.comments.filter((comment) => !known.has(comment.id));
      return added.length === 0 ? state : { ...state, comments: [...added, ...state.comments] };
    }
    case 'failed':
      return action.read === state.read ? { ...state, status: 'failed' } : state;
    case 'drop':
      return { ...state, comments: state.comments.filter((comment) => !action.gone(comment)) };
    case 'dismissed':
      // Under 'Reported' it leaves the list; otherwise it stays with no open report.
      return {
        ...state,
        comments: state.filter.reported
          ? state.comments.filter((comment) => comment.id !== action.id)
          : state.comments.map((comment) =>
              comment.id === action.id ? { ...comment, reports: 0 } : comment,
            ),
      };
  }
}

/**
 * The moderation view's state: a filtered list of comment copies, paged by cursor, and the
 * suspensions. It stays current through the feed's own live check: when that check finds a post
 * changed elsewhere (`changedAt`), the comments newer than the newest listed are read; with nothing
 * changed it costs no read of its own.
 */
export function useModeration(changedAt: string | null): Moderation {
  const [list, dispatch] = useReducer(listReducer, {
    read: 0,
    filter: EVERY_COMMENT,
    comments: [],
    next: null,
    status: 'loading',
  });
  const [suspensions, setSuspensions] = useState<ReadonlyMap<string, Suspension>>(new Map());
  const { read, filter, comments, next, status } = list;

  useEffect(() => {
    store.readComments(filter, null).then(
      (page) => dispatch({ type: 'page', read, page, first: true }),
      (error: unknown) => {
        console.error('Could not read the comments', error);
        dispatch({ type: 'failed', read });
      },
    );
  }, [read, filter]);

  useEffect(() => {
    store
      .readSuspensions()
      .then(setSuspensions, (error: unknown) =>
        console.error('Could not read the suspensions', error),
      );
  }, []);

  // Each change the feed's check found asks once for what is newer than the newest listed.
  const handled = useRef<string | null>(null);
  const newest = comments[0]?.at ?? null;
  useEffect(() => {
    if (changedAt === null || newest === null || handled.current === changedAt) return;
    handled.current = changedAt;
    store.readNewerComments(filter, newest).then(
      (newer) => dispatch({ type: 'newer', read, comments: newer }),
      (error: unknown) => console.warn('Could not read the new comments', error),
    );
  }, [changedAt, newest, filter, read]);

  const loadMore = useCallback(() => {
    if (next === null) return;
    dispatch({ type: 'loading' });
    store.readComments(filter, next).then(
      (page) => dispatch({ type: 'page', read, page, first: false }),
      (error: unknown) => {
        console.error('Could not read more comments', error);
        dispatch({ type: 'failed', read });
      },
    );
  }, [filter, next, read]);

  return {
    filter,
    setFilter: (chosen) => dispatch({ type: 'filter', filter: chosen }),
    comments,
    status,
    hasMore: next !== null,
    loadMore,
    reload: () => dispatch({ type: 'reload' }),
    suspensions,
    async remove(comment) {
      await store.removeListedComment(comment);
      dispatch({ type: 'drop', gone: (listed) => listed.id === comment.id });
    },
    async dismiss(comment) {
      await store.dismissReports(comment.id);
      dispatch({ type: 'dismissed', id: comment.id });
    },
    async suspend(suspension, removeAll) {
      await store.suspend(suspension, removeAll);
      setSuspensions((known) => new Map(known).set(suspension.uid, suspension));
      if (removeAll) dispatch({ type: 'drop', gone: (listed) => listed.uid === suspension.uid });
    },
    async lift(uid) {
      await store.liftSuspension(uid);
      setSuspensions((known) => {
        const left = new Map(known);
        left.delete(uid);
        return left;
      });
    },
  };
}
