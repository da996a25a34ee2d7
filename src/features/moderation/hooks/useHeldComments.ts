import { useCallback, useEffect, useReducer } from 'react';
import { approveHeld, rejectHeld } from '../../feed/commands';
import type { HeldComment } from '../../comments/data/review';
import type { ModerationStatus } from '../state/commentList';
import { INITIAL_HELD_LIST, heldListReducer } from '../state/heldList';
import * as store from '../store/heldReview';

export interface HeldComments {
  /** The comments waiting for review, oldest first. */
  held: HeldComment[];
  status: ModerationStatus;
  hasMore: boolean;
  loadMore: () => void;
  /** Reads the first page again (Retry). */
  reload: () => void;
  /** Each writes first, then takes the comment off the list: a refusal leaves it there. */
  approve: (held: HeldComment) => Promise<void>;
  reject: (held: HeldComment) => Promise<void>;
}

/** The held comments, paged by cursor, and the club's answer to each. */
export function useHeldComments(): HeldComments {
  const [list, dispatch] = useReducer(heldListReducer, INITIAL_HELD_LIST);
  const { read, next } = list;

  useEffect(() => {
    store.readHeldComments(null).then(
      (page) => dispatch({ type: 'page', read, page, first: true }),
      (error: unknown) => {
        console.error('Could not read the held comments', error);
        dispatch({ type: 'failed', read });
      },
    );
  }, [read]);

  const loadMore = useCallback(() => {
    if (next === null) return;
    dispatch({ type: 'loading' });
    store.readHeldComments(next).then(
      (page) => dispatch({ type: 'page', read, page, first: false }),
      (error: unknown) => {
        console.error('Could not read more held comments', error);
        dispatch({ type: 'failed', read });
      },
    );
  }, [next, read]);

  const reload = useCallback(() => dispatch({ type: 'reload' }), []);

  const approve = useCallback(async (held: HeldComment) => {
    await approveHeld(held);
    dispatch({ type: 'answered', id: held.id });
  }, []);

  const reject = useCallback(async (held: HeldComment) => {
    await rejectHeld(held);
    dispatch({ type: 'answered', id: held.id });
  }, []);

  return {
    held: list.held,
    status: list.status,
    hasMore: next !== null,
    loadMore,
    reload,
    approve,
    reject,
  };
}
