import { NO_REPLIES, heldReplies, setReplies } from './replyState';

export { forgetReplies, heldReplies, replies, setReplies, type HeldReplies } from './replyState';

/**
 * Reads the next replies to comment `commentId` of post `postId`: the first REPLIES_SHOWN (the first
 * read), then the rest 50 at a time. Nothing while a read is under way or none are left.
 */
export function readReplies(postId: string, commentId: string): void {
  const now = heldReplies(commentId);
  if (now?.reading === 'loading' || now?.complete) return;
  setReplies(commentId, { entries: now?.entries ?? [], complete: false, reading: 'loading' });
  import('./replyReads').then(
    ({ readReplyPage }) => readReplyPage(postId, commentId),
    () => setReplies(commentId, { ...(heldReplies(commentId) ?? NO_REPLIES), reading: 'failed' }),
  );
}
