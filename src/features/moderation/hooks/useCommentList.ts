import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { INITIAL_LIST, listReducer, type ListAction, type ListState } from '../state/commentList';
import * as store from '../store/moderation';

export interface CommentList {
  list: ListState;
  dispatch: Dispatch<ListAction>;
  loadMore: () => void;
}

/**
 * The filtered list of comment copies, paged by cursor. It stays current through the feed's own
 * live check: when that check finds a post changed elsewhere (`changedAt`), the comments newer than
 * the newest listed are read; with nothing changed it costs no read of its own.
 */
export function useCommentList(changedAt: string | null): CommentList {
  const [list, dispatch] = useReducer(listReducer, INITIAL_LIST);
  const { read, filter, next } = list;

  useEffect(() => {
    store.readComments(filter, null).then(
      (page) => dispatch({ type: 'page', read, page, first: true }),
      (error: unknown) => {
        console.error('Could not read the comments', error);
        dispatch({ type: 'failed', read });
      },
    );
  }, [read, filter]);

  useNewerComments(changedAt, list, dispatch);

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

  return { list, dispatch, loadMore };
}

/** Each change the feed's check found asks once for what is newer than the newest listed. */
function useNewerComments(
  changedAt: string | null,
  { read, filter, comments }: ListState,
  dispatch: Dispatch<ListAction>,
) {
  const handled = useRef<string | null>(null);
  const newest = comments[0]?.at ?? null;
  useEffect(() => {
    if (changedAt === null || newest === null || handled.current === changedAt) return;
    handled.current = changedAt;
    store.readNewerComments(filter, newest).then(
      (newer) => dispatch({ type: 'newer', read, comments: newer }),
      (error: unknown) => console.warn('Could not read the new comments', error),
    );
  }, [changedAt, newest, filter, read, dispatch]);
}
