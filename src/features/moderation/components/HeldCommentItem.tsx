import { useId, useState } from 'react';
import type { HeldComment } from '../../comments/data/review';
import { heldReasonText } from '../data/heldReview';
import type { HeldComments } from '../hooks/useHeldComments';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { permalinkTo } from '../../../shared/posts/permalink';
import { PublishedTime } from '../../../shared/ui/PublishedTime';
import './moderation.css';

export interface HeldCommentItemProps {
  held: HeldComment;
  /** The suspect words, which say why it is held; null when they could not be read. */
  words: readonly string[] | null;
  now: number;
  actions: Pick<HeldComments, 'approve' | 'reject'>;
}

/**
 * One held comment: its post (a permalink), author, text, when it was held, whether it is a reply
 * and why it waits; Approve puts it in its post's thread, Reject deletes it.
 */
export function HeldCommentItem({ held, words, now, actions }: HeldCommentItemProps) {
  const textId = useId();
  const approving = useSubmit('Not approved');
  const rejecting = useSubmit('Not rejected');
  // Which was pressed last: its failure is the one said.
  const [answer, setAnswer] = useState<'approve' | 'reject'>('approve');
  const busy = approving.busy || rejecting.busy;
  const error = answer === 'approve' ? approving.error : rejecting.error;
  const { user, text } = held.comment;

  return (
    <li className="moderated">
      <p className="moderated__post">
        <a href={permalinkTo(held.postId)}>{held.postTitle || 'Untitled post'}</a>
      </p>
      <p id={textId} className="moderated__comment">
        <span className="comment__user">{user}</span>
        <span className="comment__separator">: </span>
        <span className="comment__text">{text}</span>
      </p>
      <p className="moderated__meta">
        {held.at > 0 && (
          <span>
            Held <PublishedTime created={held.at} now={now} />
          </span>
        )}
        {held.replyTo !== undefined && <span>Reply to a comment</span>}
        {words !== null && <span className="moderated__reason">{heldReasonText(text, words)}</span>}
      </p>
      <div className="moderated__actions">
        <button
          type="button"
          className="button button--small button--primary"
          aria-describedby={textId}
          aria-busy={approving.busy}
          disabled={busy}
          onClick={() => {
            setAnswer('approve');
            void approving.run(() => actions.approve(held));
          }}
        >
          Approve
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          aria-describedby={textId}
          aria-busy={rejecting.busy}
          disabled={busy}
          onClick={() => {
            setAnswer('reject');
            void rejecting.run(() => actions.reject(held));
          }}
        >
          Reject
        </button>
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </li>
  );
}
