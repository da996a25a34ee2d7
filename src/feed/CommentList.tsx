import { Suspense, useId, type ReactNode } from 'react';
import type { RemovedCopies } from '../data/feedReducer';
import type { Comment } from '../data/post';
import { LazyRemoveCommentButton, LazyReportButton } from './lazyComments';

export interface CommentListProps {
  postId: string;
  comments: Comment[];
  headingId: string;
  /** Whether the signed-in user may remove this comment (hides the button only; the rules decide). */
  canRemove: (comment: Comment) => boolean;
  onRemove: (comment: Comment, copies: RemovedCopies) => Promise<void>;
  /** The signed-in fan's account, who may report comments; null for nobody. */
  reporter: string | null;
  /** Whether the signed-in user may report this comment (someone else's). */
  canReport: (comment: Comment) => boolean;
}

/** 'Comments:' and one line per comment: author, then text, and 'Remove' where allowed. */
export function CommentList({
  postId,
  comments,
  headingId,
  canRemove,
  onRemove,
  reporter,
  canReport,
}: CommentListProps) {
  const idPrefix = useId();
  const seen = new Map<string, number>();
  return (
    <>
      <h4 id={headingId} className="comments__heading">
        Comments:
      </h4>
      {comments.length > 0 && (
        <ul className="comments__list" aria-labelledby={headingId}>
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
                      uid={reporter}
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
                      comments={comments}
                      onRemove={(copies) => onRemove(comment, copies)}
                    />
                  </Suspense>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** One comment's whole content: equal for the copies of a comment stored more than once. */
export function contentOf(comment: Comment): string {
  return `${comment.user}\n${comment.date}\n${comment.text}`;
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
