import type { Dispatch } from 'react';
import type { Suspension } from '../../comments';
import type { ModeratedComment } from '../data/moderation';
import type { ListAction, ModerationStatus } from '../state/commentList';
import type { CommentFilter } from '../store/moderation';
import * as store from '../store/moderation';
import { useCommentList } from './useCommentList';
import { useSuspensions, type Suspensions } from './useSuspensions';

export type { ModerationStatus } from '../state/commentList';

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

type ModerationActions = Pick<Moderation, 'remove' | 'dismiss' | 'suspend' | 'lift'>;

/**
 * The moderation view's state: a filtered list of comment copies, paged by cursor and kept current
 * by the feed's live check (useCommentList), the suspensions, and the administrator's actions.
 */
export function useModeration(changedAt: string | null): Moderation {
  const { list, dispatch, loadMore } = useCommentList(changedAt);
  const [suspensions, setSuspensions] = useSuspensions();
  const { filter, comments, next, status } = list;
  return {
    filter,
    setFilter: (chosen) => dispatch({ type: 'filter', filter: chosen }),
    comments,
    status,
    hasMore: next !== null,
    loadMore,
    reload: () => dispatch({ type: 'reload' }),
    suspensions,
    ...moderationActions(dispatch, setSuspensions),
  };
}

/** Each action writes first, then updates what is shown: a failed write changes nothing here. */
function moderationActions(
  dispatch: Dispatch<ListAction>,
  setSuspensions: Dispatch<(known: Suspensions) => Suspensions>,
): ModerationActions {
  return {
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
