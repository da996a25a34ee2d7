import { isSuspendedAt } from '../data/commenting';
import { useOwnSuspension } from '../hooks/useFanCommenting';
import { formatExactTime } from '../../../shared/text/relativeTime';
import { CommentForm, type CommentFormProps } from './CommentForm';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import './comments.css';

export type CommentBoxProps = CommentFormProps;

/** A signed-in fan's place to comment or reply: the form, or until when a suspension stops them. */
export function CommentBox(form: CommentBoxProps) {
  const suspension = useOwnSuspension(form.user);
  const now = useNow(TIME_REFRESH_MS);
  if (isSuspendedAt(suspension, now)) return <SuspendedNotice until={suspension?.until ?? null} />;
  return <CommentForm {...form} />;
}

/** In place of the comment form for a suspended fan: until when (null: for good). */
export function SuspendedNotice({ until }: { until: number | null }) {
  return (
    <p className="comments__closed">
      {until === null
        ? "You can't comment on this feed"
        : `You can't comment until ${formatExactTime(until)}`}
    </p>
  );
}
