import { useId, type Ref } from 'react';
import type { LineContext } from './lineContext';
import type { Comment } from '../../../shared/posts/post';
import { lineKeys } from '../data/commentContent';
import type { ThreadEntry } from '../store/threadState';
import { CommentLine } from './CommentLine';
import { Replies } from './Replies';
import './comments.css';

export type { LineContext, Replier } from './lineContext';

export interface CommentListProps extends LineContext {
  /** The lines to show, oldest first. */
  comments: readonly Comment[];
  /**
   * The same lines as an open thread read them (ids, replies, removed marks), when it did; a card's
   * inline comments have none (their thread has no replies: a reply marks the post).
   */
  entries?: readonly ThreadEntry[];
  /** The comments heading, which names the list. */
  headingId: string;
  /** The list element, for focus: where a reader lands when the thread opens. */
  listRef?: Ref<HTMLUListElement>;
}

/** One line per comment (CommentLine), each with its replies under it (Replies). */
export function CommentList({ comments, entries, headingId, listRef, ...line }: CommentListProps) {
  const idPrefix = useId();
  if (comments.length === 0) return null;
  const keys = lineKeys(comments, entries);
  return (
    <ul ref={listRef} className="comments__list" aria-labelledby={headingId} tabIndex={-1}>
      {comments.map((comment, index) => {
        const entry = entries?.[index];
        return (
          <CommentLine
            key={keys[index]}
            {...line}
            comment={comment}
            entry={entry}
            textId={`${idPrefix}-${index}`}
          >
            {entry && (
              <Replies {...line} entry={entry} answered={{ id: entry.id, user: comment.user }} />
            )}
          </CommentLine>
        );
      })}
    </ul>
  );
}
