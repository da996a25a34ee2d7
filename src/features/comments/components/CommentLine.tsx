import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { canLikeComment } from '../../../shared/permissions/permissions';
import type { Comment } from '../../../shared/posts/post';
import { removeComment } from '../../feed/commands';
import type { ThreadEntry } from '../store/threadState';
import type { LineContext } from './lineContext';
import { LazyCommentBox, LazyRemoveCommentButton, LazyReportButton } from './lazyComments';
import { LikeControl } from './LikeControl';

export interface CommentLineProps extends LineContext {
  comment: Comment;
  /** A reply's: the id of the comment it answers (a reply to it answers that comment too). */
  replyTo?: string;
  /** Under a comment: its replies. */
  children?: ReactNode;
  /** The line as an open thread read it, when it did. */
  entry: ThreadEntry | undefined;
  /** The element holding its author and text: its buttons say which comment they are for. */
  textId: string;
}

/**
 * One comment or reply: author and text ('Comment removed' for a removed comment's mark, whose
 * replies stay), 'Report' or 'Remove' where allowed, 'Like' and its count, 'Reply' for a fan who may
 * comment, and under a comment its replies.
 */
export function CommentLine({
  postId,
  comment,
  entry,
  textId,
  known,
  canRemove,
  reporter,
  canReport,
  replier,
  liker,
  replyTo,
  children,
}: CommentLineProps) {
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  // A sent reply's box goes with its input: focus returns to the button that opened it, once the
  // box is gone.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (replying || !returnFocus.current) return;
    returnFocus.current = false;
    replyButton.current?.focus();
  }, [replying]);
  const removed = entry?.removed === true;
  // A reply to a reply answers the comment they both answer.
  const answered = replyTo ?? entry?.id ?? comment;
  return (
    <li className={replyTo ? 'comment comment--reply' : 'comment'}>
      {removed ? (
        <span id={textId} className="comment__removed">
          Comment removed
        </span>
      ) : (
        <span id={textId}>
          {replyTo && <span className="visually-hidden">Reply from </span>}
          <span className="comment__user">{breakableAddress(comment.user)}</span>
          <span className="comment__separator">: </span>
          <span className="comment__text">{comment.text}</span>
        </span>
      )}
      {!removed && reporter !== null && canReport(comment) && (
        <Suspense fallback={null}>
          <LazyReportButton user={reporter} postId={postId} comment={comment} commentId={textId} />
        </Suspense>
      )}
      {!removed && canRemove(comment) && (
        <Suspense fallback={null}>
          <LazyRemoveCommentButton
            comment={comment}
            commentId={textId}
            comments={known}
            onRemove={() => removeComment(postId, comment)}
          />
        </Suspense>
      )}
      {!removed && (
        <LikeControl
          postId={postId}
          comment={comment}
          entry={entry}
          // A comment an earlier version listed in its post has no document to like ('' id).
          liker={liker && entry?.id !== '' && canLikeComment(liker.user, comment) ? liker : null}
          textId={textId}
        />
      )}
      {!removed && replier && (
        <button
          ref={replyButton}
          type="button"
          className="button button--small"
          aria-expanded={replying}
          aria-describedby={textId}
          onClick={() => setReplying(!replying)}
        >
          Reply
        </button>
      )}
      {replying && replier && (
        <div className="comment__reply-box">
          <Suspense fallback={null}>
            <LazyCommentBox
              {...replier}
              replyTo={answered}
              onSent={() => {
                returnFocus.current = true;
                setReplying(false);
              }}
            />
          </Suspense>
        </div>
      )}
      {children}
    </li>
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
