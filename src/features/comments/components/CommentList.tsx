import type { AppUser } from '../../../shared/permissions/permissions';
import { useId, type Ref } from 'react';
import type { Comment } from '../../../shared/posts/post';
import type { CommentedPost } from '../../feed/data/writes';
import { lineKeys } from '../data/commentContent';
import type { ThreadEntry } from '../store/threadState';
import { CommentLine } from './CommentLine';
import { Replies } from './Replies';
import './comments.css';

/** Who may reply on this card, and to which post: null for nobody (a visitor, a closed post). */
export interface Replier {
  user: AppUser;
  post: CommentedPost;
  /** The post's title element, so the reply box's button says which post it is for. */
  titleId: string;
}

/** What every line of a card's comments and replies is told. */
export interface LineContext {
  postId: string;
  /** Every comment the page knows of this list: Remove asks which copies of a doubled one go. */
  known: readonly Comment[];
  /**
   * Whether the signed-in user may remove this comment (hides the button only; the rules decide).
   */
  canRemove: (comment: Comment) => boolean;
  /** The signed-in fan's account, who may report comments; null for nobody. */
  reporter: AppUser | null;
  /** Whether the signed-in user may report this comment (someone else's). */
  canReport: (comment: Comment) => boolean;
  /** Who may reply here; null for nobody. */
  replier: Replier | null;
}

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
