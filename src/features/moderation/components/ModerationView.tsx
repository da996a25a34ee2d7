import { useEffect, useId, useRef } from 'react';
import { useModeration, type Moderation } from '../hooks/useModeration';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import { ModeratedCommentItem } from './ModeratedCommentItem';
import { SuspendedAccounts } from './SuspendedAccounts';
import { CommentFilterChoices } from './CommentFilterChoices';
import { HeldForReview } from './HeldForReview';
import './moderation.css';

export interface ModerationViewProps {
  /** The feed's last live change (FeedState.changedAt): new comments are read then. */
  changedAt: string | null;
  onClose: () => void;
}

/**
 * The administrator's moderation: the comments held for review first, then the list of the latest
 * comments across all posts, newest first: filtered to reported ones or one author's, paged by
 * 'Load More', with Remove, Dismiss reports and Suspend.
 */
export function ModerationView({ changedAt, onClose }: ModerationViewProps) {
  const moderation = useModeration(changedAt);
  const { status, hasMore, loadMore } = moderation;
  const now = useNow(TIME_REFRESH_MS);
  const headingId = useId();

  return (
    <section className="moderation" aria-labelledby={headingId}>
      <ModerationTop headingId={headingId} onClose={onClose} />
      <HeldForReview now={now} />
      <SuspendedAccounts moderation={moderation} now={now} />
      <CommentFilterChoices moderation={moderation} />
      <ModerationStatusLine moderation={moderation} />
      <ModeratedCommentList moderation={moderation} now={now} />
      {hasMore && (
        <button type="button" className="button" disabled={status === 'loading'} onClick={loadMore}>
          Load More
        </button>
      )}
    </section>
  );
}

/** The heading, focused when the view opens, and 'Back to the feed'. */
function ModerationTop({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="moderation__top">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="feed__heading">
        Moderation
      </h2>
      <button type="button" className="button" onClick={onClose}>
        Back to the feed
      </button>
    </div>
  );
}

/** What is being read (a status line), or why it could not be, with Retry. */
function ModerationStatusLine({ moderation }: { moderation: Moderation }) {
  const { comments, status, reload } = moderation;
  return (
    <>
      <div role="status" className="moderation__status">
        {status === 'loading' && 'Loading comments...'}
        {status === 'ready' && comments.length === 0 && 'No comments to show'}
      </div>
      {status === 'failed' && (
        <p role="alert" className="form-error">
          The comments could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={reload}>
            Retry
          </button>
        </p>
      )}
    </>
  );
}

/** The listed comments, each with its author's suspension; nothing while there are none. */
function ModeratedCommentList({ moderation, now }: { moderation: Moderation; now: number }) {
  const { comments, status } = moderation;
  if (comments.length === 0) return null;
  return (
    <ul className="moderation__list" aria-label="Comments" aria-busy={status === 'loading'}>
      {comments.map((comment) => (
        <ModeratedCommentItem
          key={comment.id}
          comment={comment}
          now={now}
          suspension={moderation.suspensions.get(comment.uid) ?? null}
          moderation={moderation}
        />
      ))}
    </ul>
  );
}
