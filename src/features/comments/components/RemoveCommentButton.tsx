import type { RemovedCopies } from '../../feed/data/writes';
import type { Comment } from '../../../shared/posts/post';
import { ChoiceButton } from '../../../shared/forms/ChoiceButton';
import { contentOf } from '../data/commentContent';
import { ConfirmedButton } from '../../../shared/forms/ConfirmedButton';

export interface RemoveCommentButtonProps {
  comment: Comment;
  /** The comment's text element, so 'Remove' says which comment it is for. */
  commentId: string;
  /** The post's comments: this one may be stored more than once (older data). */
  comments: readonly Comment[];
  onRemove: (copies: RemovedCopies) => Promise<void>;
}

/**
 * 'Remove' on one comment line (the administrator's any, a fan's own); asks first, as Delete does.
 */
export function RemoveCommentButton({
  comment,
  commentId,
  comments,
  onRemove,
}: RemoveCommentButtonProps) {
  const content = contentOf(comment);
  const copies = comments.filter((each) => contentOf(each) === content).length;
  const detail = `${comment.user}: “${comment.text}” will be removed for everyone. This cannot be undone.`;
  if (copies > 1) {
    return (
      <RemoveCopies detail={detail} commentId={commentId} copies={copies} onRemove={onRemove} />
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
}: Omit<RemoveCommentButtonProps, 'comments' | 'comment'> & { detail: string; copies: number }) {
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
