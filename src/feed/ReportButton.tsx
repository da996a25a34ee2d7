import { REPORT_REASONS, type ReportReason } from '../data/moderation';
import { ChoiceButton } from '../ui/ChoiceButton';

export interface ReportButtonProps {
  /** The comment's text element, so 'Report' says which comment it is for. */
  commentId: string;
  /** Reported from this page already: the button reads 'Reported'. */
  reported: boolean;
  onReport: (reason: ReportReason) => Promise<void>;
}

const REASONS = REPORT_REASONS.map((reason) => [reason, reason] as const);

/** 'Report' on someone else's comment: a reason, then the report; 'Reported' once sent. */
export function ReportButton({ commentId, reported, onReport }: ReportButtonProps) {
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
      onChoose={onReport}
    />
  );
}
