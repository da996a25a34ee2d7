import type { Comment } from '../data/post';
import { ConfirmedButton } from './ConfirmedButton';

export interface RemoveCommentButtonProps {
  comment: Comment;
  /** The comment's text element, so 'Remove' says which comment it is for. */
  commentId: string;
  onRemove: () => Promise<void>;
}

/** 'Remove' on one comment line (the administrator's any, a fan's own); asks first, as Delete does. */
export function RemoveCommentButton({ comment, commentId, onRemove }: RemoveCommentButtonProps) {
  return (
    <ConfirmedButton
      label="Remove"
      className="button button--small button--danger"
      describedBy={commentId}
      question="Remove this comment?"
      detail={`${comment.user}: “${comment.text}” will be removed for everyone. This cannot be undone.`}
      failure="Not removed"
      onConfirm={onRemove}
    />
  );
}
