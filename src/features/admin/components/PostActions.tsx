import { deletePost, pin, setCommentsClosed } from '../../feed/commands';
import { type Post } from '../../../shared/posts/post';
import { ConfirmedButton } from '../../../shared/forms/ConfirmedButton';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import './admin.css';

export interface PostActionsProps {
  post: Post;
  titleId: string;
  /** Focus the Edit button on mount: the user is back from the edit box. */
  focusEdit: boolean;
  onEdit: () => void;
}

/**
 * The administrator's Edit, Delete (which asks first), closing or reopening comments, and pinning
 * the post on top or unpinning it, as the post itself says it is. The writes are the feed's commands.
 */
export function PostActions({ post, titleId, focusEdit, onEdit }: PostActionsProps) {
  const { title } = post;
  const commentsClosed = post.closed === true;
  const pinned = post.pinned === true;
  const network = useNeedsNetwork(titleId);
  const { busy, error, run } = useSubmit('Not changed');
  /** A toggle that writes at once, no question asked; each waits while either one is writing. */
  const writeButton = (label: string, write: () => Promise<void>) => (
    <button
      type="button"
      className="button"
      aria-busy={busy}
      {...network}
      disabled={busy || network.disabled}
      onClick={() => void run(write)}
    >
      {label}
    </button>
  );
  return (
    <div className="post__actions">
      <button type="button" className="button" autoFocus={focusEdit} {...network} onClick={onEdit}>
        Edit
      </button>
      <ConfirmedButton
        label="Delete"
        className="button button--danger"
        describedBy={titleId}
        question="Delete this post?"
        detail={`“${title}” will be removed for everyone. This cannot be undone.`}
        failure="Not deleted"
        onConfirm={() => deletePost(post.id)}
      />
      {writeButton(commentsClosed ? 'Reopen comments' : 'Close comments', () =>
        setCommentsClosed(post.id, !commentsClosed),
      )}
      {writeButton(pinned ? 'Unpin' : 'Pin to top', () => pin(pinned ? null : post))}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
