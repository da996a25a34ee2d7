import { ConfirmedButton } from '../../../shared/forms/ConfirmedButton';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';

export interface PostActionsProps {
  title: string;
  titleId: string;
  /** Focus the Edit button on mount: the user is back from the edit box. */
  focusEdit: boolean;
  /** The post's comments are closed: the button reopens them. */
  commentsClosed: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  /** Closes (true) or reopens (false) the post's comments. */
  onCloseComments: (close: boolean) => Promise<void>;
  /** The club pins this post on top: the button unpins it. */
  pinned: boolean;
  /** Pins (true) or unpins (false) the post. */
  onPin: (pin: boolean) => Promise<void>;
}

/**
 * The administrator's Edit, Delete (which asks first), closing or reopening comments, and pinning
 * the post on top or unpinning it.
 */
export function PostActions({
  title,
  titleId,
  focusEdit,
  commentsClosed,
  onEdit,
  onDelete,
  onCloseComments,
  pinned,
  onPin,
}: PostActionsProps) {
  const network = useNeedsNetwork(titleId);
  const { busy, error, run } = useSubmit('Not changed');
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
        onConfirm={onDelete}
      />
      <button
        type="button"
        className="button"
        aria-busy={busy}
        {...network}
        disabled={busy || network.disabled}
        onClick={() => void run(() => onCloseComments(!commentsClosed))}
      >
        {commentsClosed ? 'Reopen comments' : 'Close comments'}
      </button>
      <button
        type="button"
        className="button"
        aria-busy={busy}
        {...network}
        disabled={busy || network.disabled}
        onClick={() => void run(() => onPin(!pinned))}
      >
        {pinned ? 'Unpin' : 'Pin to top'}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
