import type { RemovedCopies } from '../data/feedReducer';
import type { Comment } from '../data/post';
import { ChoiceButton } from '../ui/ChoiceButton';
import { ConfirmedButton } from './ConfirmedButton';

export interface RemoveCommentButtonProps {
  comment: Comment;
  /** The comment's text element, so 'Remove' says which comment it is for. */
  commentId: string;
  /** How many times the post holds this very comment (more than once only in older data). */
  copies: number;
  onRemove: (copies: RemovedCopies) => Promise<void>;
}

/** 'Remove' on one comment line (the administrator's any, a fan's own); asks first, as Delete does. */
export function RemoveCommentButton({
  comment,
  commentId,
  copies,
  onRemove,
}: RemoveCommentButtonProps) {
  const detail = `${comment.user}: “${comment.text}” will be removed for everyone. This cannot be undone.`;
  if (copies > 1) {
    return (
      <RemoveCopies
        comment={comment}
        detail={detail}
        commentId={commentId}
        copies={copies}
        onRemove={onRemove}
      />
    );
  }
  return (
    <ConfirmedButton
      label="Remove"
      className="button button--small button--danger"
      describedBy={commentId}
      question="Remove this comment?"
      detail={detail}
      failure="Not removed"
      onConfirm={() => onRemove('all')}
    />
  );
}

/** A comment stored more than once: the administrator says whether every copy goes, or one. */
function RemoveCopies({
  detail,
  commentId,
  copies,
  onRemove,
}: RemoveCommentButtonProps & { detail: string }) {
  const options = [
    ['all', copies === 2 ? 'Remove both copies' : `Remove all ${copies} copies`],
    ['one', 'Remove one copy'],
  ] as const;
  return (
    <ChoiceButton<RemovedCopies>
      label="Remove"
      className="button button--small button--danger"
      describedBy={commentId}
      title="Remove this comment?"
      submitLabel="Remove"
      detail={detail}
      legend={`This comment is stored ${copies} times.`}
      options={options}
      failure="Not removed"
      onChoose={onRemove}
    />
  );
}
