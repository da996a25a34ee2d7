import type { AppUser } from '../../../shared/permissions/permissions';
import { removeComment } from '../../feed/commands';
import { Suspense, useId, type ReactNode, type Ref } from 'react';
import type { Comment } from '../../../shared/posts/post';
import { contentOf } from '../data/commentContent';
import { LazyRemoveCommentButton, LazyReportButton } from './lazyComments';
import './comments.css';

export interface CommentListProps {
  postId: string;
  /** The lines to show, oldest first. */
  comments: readonly Comment[];
  /** Every comment the page knows of this post: Remove asks which copies of a doubled one go. */
  known: readonly Comment[];
  /** The comments heading, which names the list. */
  headingId: string;
  /**
   * Whether the signed-in user may remove this comment (hides the button only; the rules decide).
   */
  canRemove: (comment: Comment) => boolean;
  /** The signed-in fan's account, who may report comments; null for nobody. */
  reporter: AppUser | null;
  /** Whether the signed-in user may report this comment (someone else's). */
  canReport: (comment: Comment) => boolean;
  /** The list element, for focus: where a reader lands when the thread opens. */
  listRef?: Ref<HTMLUListElement>;
}

/** One line per comment: author, then text, and 'Report' or 'Remove' where allowed. */
export function CommentList({
  postId,
  comments,
  known,
  headingId,
  canRemove,
  reporter,
  canReport,
  listRef,
}: CommentListProps) {
  const idPrefix = useId();
  const seen = new Map<string, number>();
  if (comments.length === 0) return null;
  return (
    <ul ref={listRef} className="comments__list" aria-labelledby={headingId} tabIndex={-1}>
      {comments.map((comment, index) => {
        // Keyed by content, so a removal keeps every other line's state where it belongs.
        const content = contentOf(comment);
        const copy = seen.get(content) ?? 0;
        seen.set(content, copy + 1);
        const key = `${copy}\n${content}`;
        const textId = `${idPrefix}-${index}`;
        return (
          <li key={key} className="comment">
            <span id={textId}>
              <span className="comment__user">{breakableAddress(comment.user)}</span>
              <span className="comment__separator">: </span>
              <span className="comment__text">{comment.text}</span>
            </span>
            {reporter !== null && canReport(comment) && (
              <Suspense fallback={null}>
                <LazyReportButton
                  user={reporter}
                  postId={postId}
                  comment={comment}
                  commentId={textId}
                />
              </Suspense>
            )}
            {canRemove(comment) && (
              <Suspense fallback={null}>
                <LazyRemoveCommentButton
                  comment={comment}
                  commentId={textId}
                  comments={known}
                  onRemove={() => removeComment(postId, comment)}
                />
              </Suspense>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The author's address in pieces that do not wrap, with a line-break opportunity between them:
 * after its '@' and before each dot. A long address wraps as 'live.fan.1795@' / 'example.com',
 * never mid-word or at a hyphen. Its text is unchanged, so find-in-page and a screen reader get the
 * address whole.
 */
function breakableAddress(address: string): ReactNode[] {
  return address.split(/(?<=@)|(?=\.)/).flatMap((piece, index) => {
    const part = (
      <span key={index} className="comment__user-part">
        {piece}
      </span>
    );
    return index === 0 ? [part] : [<wbr key={`${index}-break`} />, part];
  });
}
