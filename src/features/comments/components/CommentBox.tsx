import { isAdmin } from '../../../shared/permissions/permissions';
import { useOwnSuspension } from '../hooks/useFanCommenting';
import { formatExactTime } from '../../../shared/text/relativeTime';
import { CommentForm, type CommentFormProps } from './CommentForm';
import { HeldComments } from './HeldComments';
import './comments.css';

export type CommentBoxProps = CommentFormProps;

/**
 * A signed-in fan's place to comment or reply: the form, or until when a suspension stops them;
 * under a post (not in a reply's box), first their comments that wait for the club's review.
 */
export function CommentBox(form: CommentBoxProps) {
  const suspension = useOwnSuspension(form.user);
  // The club's own comments are never held.
  const held = form.replyTo === undefined && !isAdmin(form.user) && (
    <HeldComments postId={form.post.id} user={form.user} />
  );
  if (suspension) {
    return (
      <>
        {held}
        <SuspendedNotice until={suspension.until} />
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
