import { isSuspendedAt } from '../data/moderation';
import { useOwnSuspension } from '../hooks/useOwnSuspension';
import { CommentForm, type CommentFormProps } from './CommentForm';
import { SuspendedNotice } from './CommentsClosed';
import { useFeedContext } from './feedContext';

export interface CommentBoxProps extends CommentFormProps {
  uid: string;
}

/** A signed-in fan's place to comment: the form, or until when a suspension stops them. */
export function CommentBox({ uid, ...form }: CommentBoxProps) {
  const suspension = useOwnSuspension(uid);
  const { now } = useFeedContext();
  if (isSuspendedAt(suspension, now)) return <SuspendedNotice until={suspension?.until ?? null} />;
  return <CommentForm {...form} />;
}
