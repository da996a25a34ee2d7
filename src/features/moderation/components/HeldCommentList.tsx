import type { HeldComments } from '../hooks/useHeldComments';
import { HeldCommentItem } from './HeldCommentItem';
import './moderation.css';

export interface HeldCommentListProps {
  held: HeldComments;
  /** The suspect words, which say why each is held; null when they could not be read. */
  words: readonly string[] | null;
  /** Whether the club's choices have been read (or failed to be): each item says why it waits. */
  settingsRead: boolean;
  now: number;
}

/** The comments waiting for review, oldest first, with 'Load More'; or why there are none. */
export function HeldCommentList({ held, words, settingsRead, now }: HeldCommentListProps) {
  const { status, hasMore, loadMore, reload } = held;
  const loading = status === 'loading' || !settingsRead;
  const shown = settingsRead ? held.held : [];
  return (
    <>
      <div role="status" className="moderation__status">
        {loading && 'Loading held comments...'}
        {!loading &&
          status === 'ready' &&
          shown.length === 0 &&
          'No comments are waiting for review.'}
      </div>
      {status === 'failed' && (
        <p role="alert" className="form-error">
          The held comments could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={reload}>
            Retry
          </button>
        </p>
      )}
      {shown.length > 0 && (
        <ul className="moderation__list" aria-label="Waiting for review" aria-busy={loading}>
          {shown.map((each) => (
            <HeldCommentItem key={each.id} held={each} words={words} now={now} actions={held} />
          ))}
        </ul>
      )}
      {hasMore && settingsRead && (
        <button type="button" className="button" disabled={loading} onClick={loadMore}>
          Load More
        </button>
      )}
    </>
  );
}
