import type { AppUser } from '../../../shared/permissions/permissions';
import { REPORT_REASONS } from '../data/commentCopies';
import type { Comment } from '../../../shared/posts/post';
import { useOwnSuspension, useReported } from '../hooks/useFanCommenting';
import { reportComment, reportKey } from '../state/fanCommenting';
import { ChoiceButton } from '../../../shared/forms/ChoiceButton';

export interface ReportButtonProps {
  /** The signed-in fan's account. */
  /** The signed-in fan who reports. */
  user: AppUser;
  postId: string;
  comment: Comment;
  /** The comment's text element, so 'Report' says which comment it is for. */
  commentId: string;
}

const REASONS = REPORT_REASONS.map((reason) => [reason, reason] as const);

/**
 * 'Report' on someone else's comment: a reason, then the report; 'Reported' once sent from this
 * page. None for a suspended fan (the rules refuse their reports).
 */
export function ReportButton({ user, postId, comment, commentId }: ReportButtonProps) {
  const key = reportKey(postId, comment);
  const reported = useReported(key);
  if (useOwnSuspension(user) !== null) return null;
  return (
    <ChoiceButton
      label={reported ? 'Reported' : 'Report'}
      className="button button--small"
      describedBy={commentId}
      disabled={reported}
      title="Report this comment?"
      submitLabel="Report"
      legend="Why should the administrator look at it?"
      options={REASONS}
      failure="Not reported"
      onChoose={(reason) => reportComment(postId, comment, reason, user.uid)}
    />
  );
}
