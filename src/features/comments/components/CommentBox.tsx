import { isAdmin } from '../../../shared/permissions/permissions';
import { isSuspendedAt } from '../data/commenting';
import { useOwnSuspension } from '../hooks/useFanCommenting';
import { formatExactTime } from '../../../shared/text/relativeTime';
import { CommentForm, type CommentFormProps } from './CommentForm';
import { HeldComments } from './HeldComments';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import './comments.css';

export type CommentBoxProps = CommentFormProps;

/**
 * A signed-in fan's place to comment or reply: the form, or until when a suspension stops them;
 * under a post (not in a reply's box), first their comments that wait for the club's review.
 */
export function CommentBox(form: CommentBoxProps) {
  const suspension = useOwnSuspension(form.user);
  const now = useNow(TIME_REFRESH_MS);
  // The club's own comments are never held.
  const held = form.replyTo === undefined && !isAdmin(form.user) && (
    <HeldComments postId={form.post.id} user={form.user} />
  );
  if (isSuspendedAt(suspension, now)) {
    return (
      <>
        {held}
        <SuspendedNotice until={suspension?.until ?? null} />
      </>
    );
  }
  return (
    <>
      {held}
      <CommentForm {...form} />
    </>
  );
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
