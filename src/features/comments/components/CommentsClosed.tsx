import { LIMITS } from '../../../shared/limits';

/** In place of the comment form on a post that takes no more comments, and why. */
export function CommentsClosed({ reason }: { reason: 'closed' | 'full' }) {
  return (
    <p className="comments__closed">
      <strong>Comments are closed</strong>
      {reason === 'full' && (
        <span className="comments__closed-why">
          This post has reached {LIMITS.commentsPerPost} comments
        </span>
      )}
    </p>
  );
}
