import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { movesDealOn, type Deal } from '../../deals';
import { feedReducer, initialFeedState } from '../../feed/data/feedReducer';
import type { Cursor } from '../../../shared/posts/page';
import type { FeedAction } from '../../feed/data/feedReducer';
import type { WrittenAt } from '../../feed/data/writes';
import { listDealPosts, readDeal } from '../../deals';
import { onDealWritten } from '../../deals';
import { learnDealNames } from '../../deals';
import { changesNotWrittenHere, listenToChanges } from '../../live';
import type { FeedModel } from '../../feed';
import { useCommittedWrites, writtenAt } from '../../feed';
import { usePaging } from '../../feed';

/** Where reading the deal itself stands: 'missing' when no deal has this id. */
export type DealRead =
  { status: 'loading' | 'missing' | 'failed'; deal: null } | { status: 'shown'; deal: Deal };

export interface DealFeed {
  read: DealRead;
  /** Reads the deal (and its first page, if that failed too) again. */
  retry: () => void;
  /** Its posts, as the full feed's: paged by 35, live, with the same writes. */
  feed: FeedModel;
}

/**
 * A deal's own feed: the deal (its name and status history) and its posts, newest first, in a
 * reducer of their own (the full feed's stays as it was, for Back). The feed's live checks say
 * what changed: posts of this deal come in, posts moved to another deal leave, and the deal is
 * read again when one of its posts brings a status it does not have yet.
 */
export function useDealFeed(dealId: string): DealFeed {
  const [state, dispatch] = useReducer(feedReducer, null, () => initialFeedState(null, null));
  const readPage = useCallback((cursor: Cursor | null) => listDealPosts(dealId, cursor), [dealId]);
  const paging = usePaging(state, dispatch, readPage);
  useCommittedWrites(dispatch);
  const { read, readAgain } = useDealRead(dealId);
  useDealChanges(dealId, read, readAgain, dispatch, writtenAt);

  const { retry: retryPage } = paging;
  const failedFirstPage = state.status === 'failed' && state.firstPage;
  const retry = useCallback(() => {
    readAgain();
    if (failedFirstPage) retryPage();
  }, [failedFirstPage, readAgain, retryPage]);

  const showIncoming = useCallback(() => dispatch({ type: 'showIncoming' }), []);
  // A deal's feed lists its posts in order: the pinned post is the full feed's.
  const feed: FeedModel = {
    ...state,
    ...paging,
    pinned: null,
    showIncoming,
    retryShared: () => {},
  };
  return { read, retry, feed };
}

/** The deal itself, read when shown and again on each `readAgain`. */
function useDealRead(dealId: string): { read: DealRead; readAgain: () => void } {
  const [read, setRead] = useState<DealRead>({ status: 'loading', deal: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    readDeal(dealId).then(
      (deal) => {
        if (deal) learnDealNames([deal]);
        if (current) setRead(deal ? { status: 'shown', deal } : { status: 'missing', deal: null });
      },
      (error: unknown) => {
        console.error('Could not load the deal', error);
        // A deal already shown stays shown when reading it again fails.
        if (current) setRead((now) => (now.deal ? now : { status: 'failed', deal: null }));
      },
    );
    return () => {
      current = false;
    };
  }, [dealId, attempt]);
  const readAgain = useCallback(() => setAttempt((count) => count + 1), []);
  return { read, readAgain };
}

/**
 * What the live checks found, applied to the deal's feed (its posts in, posts moved to another
 * deal out), and the deal read again when its status may have moved (here or elsewhere).
 */
function useDealChanges(
  dealId: string,
  read: DealRead,
  readAgain: () => void,
  dispatch: Dispatch<FeedAction>,
  writtenAt: WrittenAt,
): void {
  const shownStatus = useRef<Deal['status'] | undefined>(undefined);
  useEffect(() => {
    shownStatus.current = read.deal?.status;
  }, [read]);

  useEffect(
    () =>
      listenToChanges((found, startedAt) => {
        const { posts, deleted, since } = changesNotWrittenHere(found, writtenAt, startedAt);
        const inDeal = posts.filter((post) => post.deal === dealId);
        const left = posts.filter((post) => post.deal !== dealId).map((post) => post.id);
        dispatch({
          type: 'changed',
          changes: { posts: inDeal, deleted: [...deleted, ...left], since },
        });
        // Not read yet (undefined): any status may be news.
        const moved = inDeal.some((post) => movesDealOn(post.status, shownStatus.current ?? null));
        if (moved) readAgain();
      }),
    [dealId, dispatch, readAgain, writtenAt],
  );

  // Moved on by a post saved on this page: its new status and history at once.
  useEffect(
    () =>
      onDealWritten((id) => {
        if (id === dealId) readAgain();
      }),
    [dealId, readAgain],
  );
}
