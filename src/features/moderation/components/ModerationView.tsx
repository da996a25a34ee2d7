import { useEffect, useId, useRef } from 'react';
import { useModeration } from '../hooks/useModeration';
import { useNow } from '../../../shared/ui/useNow';
import { ModeratedCommentItem } from './ModeratedCommentItem';
import { SuspendedAccounts } from './SuspendedAccounts';

export interface ModerationViewProps {
  /** The feed's last live change (FeedState.changedAt): new comments are read then. */
  changedAt: string | null;
  onClose: () => void;
}

const TIME_REFRESH_MS = 60_000;

/**
 * The administrator's list of the latest comments across all posts, newest first: filtered to
 * reported ones or one author's, paged by 'Load More', with Remove, Dismiss reports and Suspend.
 */
export function ModerationView({ changedAt, onClose }: ModerationViewProps) {
  const moderation = useModeration(changedAt);
  const { filter, setFilter, comments, status, hasMore, loadMore, reload } = moderation;
  const now = useNow(TIME_REFRESH_MS);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const filterName = useId();
  const author = filter.uid === null ? null : comments.find((each) => each.uid === filter.uid);

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="moderation" aria-labelledby={headingId}>
      <div className="moderation__top">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="feed__heading">
          Moderation
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Back to the feed
        </button>
      </div>
      <SuspendedAccounts moderation={moderation} now={now} />
      <fieldset className="choices choices--inline">
        <legend>Show</legend>
        <label className="choice">
          <input
            type="radio"
            name={filterName}
            checked={!filter.reported}
            onChange={() => setFilter({ ...filter, reported: false })}
          />
          All comments
        </label>
        <label className="choice">
          <input
            type="radio"
            name={filterName}
            checked={filter.reported}
            onChange={() => setFilter({ ...filter, reported: true })}
          />
          Reported
        </label>
      </fieldset>
      {filter.uid !== null && (
        <p className="moderation__author">
          {`Comments by ${author?.user ?? 'one author'}`}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => setFilter({ ...filter, uid: null })}
          >
            Show all authors
          </button>
        </p>
      )}
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
      {comments.length > 0 && (
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
      )}
      {hasMore && (
        <button type="button" className="button" disabled={status === 'loading'} onClick={loadMore}>
          Load More
        </button>
      )}
    </section>
  );
}
