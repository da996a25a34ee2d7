import { useEffect, useId } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import { lineKeys } from '../data/commentContent';
import { heldReplies, readReplies, replies } from '../store/replies';
import type { ThreadEntry } from '../store/threadState';
import { CommentLine } from './CommentLine';
import type { LineContext } from './lineContext';

export interface RepliesProps extends Omit<LineContext, 'known'> {
  /** The comment answered, as its open thread read it (its id and count of replies). */
  entry: ThreadEntry;
  /** Its id and author (empty for a removed comment's mark). */
  answered: { id: string; user: string };
}

/** Replies that could not be read (the control stays, to try again). */
const REPLIES_NOT_READ = 'Could not load the replies. Check your connection.';

/**
 * A comment's replies, indented under it and named as its replies: its first three, read when it
 * shows (one read a reply), and 'N replies' while it has more, which reads the rest 50 at a time.
 */
export function Replies({ entry, answered, ...line }: RepliesProps) {
  const { postId } = line;
  const idPrefix = useId();
  const held = useExternalStore(replies, () => heldReplies(entry.id));
  const count = entry.replies ?? 0;
  const unread = count > 0 && held === undefined;
  useEffect(() => {
    if (unread) readReplies(postId, entry.id);
  }, [unread, postId, entry.id]);
  const shown = held?.entries ?? [];
  const comments = shown.map((reply) => reply.comment);
  const keys = lineKeys(comments, shown);
  const more = count > shown.length && held !== undefined && !held.complete;
  return (
    <>
      {shown.length > 0 && (
        <ul
          className="comments__list comments__replies"
          aria-label={`Replies to ${answered.user || 'a removed comment'}`}
        >
          {shown.map((reply, index) => (
            <CommentLine
              key={keys[index]}
              {...line}
              known={comments}
              comment={reply.comment}
              entry={reply}
              replyTo={answered.id}
              textId={`${idPrefix}-${index}`}
            />
          ))}
        </ul>
      )}
      {more && (
        <button
          type="button"
          className="button button--small comments__more"
          aria-busy={held.reading === 'loading'}
          onClick={() => readReplies(postId, entry.id)}
        >
          {count === 1 ? '1 reply' : `${count} replies`}
        </button>
      )}
      {held?.reading === 'failed' && (
        <p role="alert" className="form-error">
          {REPLIES_NOT_READ}
        </p>
      )}
    </>
  );
}
