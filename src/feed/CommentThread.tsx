import { useEffect, useRef, useState } from 'react';
import { THREAD_STEP, showAllLabel } from '../data/commentSummary';
import { THREAD_NOT_READ } from '../data/messages';
import type { Post } from '../data/post';
import { useThread } from '../hooks/useThread';
import { useNeedsNetwork } from '../ui/needsNetwork';
import { CommentList, type CommentListProps } from './CommentList';

export interface CommentThreadProps extends Omit<
  CommentListProps,
  'comments' | 'known' | 'listRef' | 'postId'
> {
  post: Pick<Post, 'id' | 'commentCount' | 'cardComments'>;
  /** The post's title element: the thread's controls say which post they are for. */
  titleId: string;
}

/**
 * 'Comments:' with how many, then the comments: all of them when the card has them (a short
 * thread), or 'Show all N comments', which reads the thread (one read) and shows its latest
 * comments, THREAD_STEP at a time ('Show more comments' shows earlier ones above them). Focus
 * stays on the control the reader used, or moves to the comments when that control goes.
 */
export function CommentThread({ post, titleId, headingId, ...lines }: CommentThreadProps) {
  const thread = useThread(post);
  const [shown, setShown] = useState(THREAD_STEP);
  /** Where focus goes once the thread shows what the reader asked for. */
  const focusTarget = useRef<'opened' | 'last step' | null>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const network = useNeedsNetwork(titleId);
  const { comments } = thread;

  useEffect(() => {
    const target = focusTarget.current;
    if (target === null || comments === null) return;
    focusTarget.current = null;
    (target === 'opened' ? (moreRef.current ?? listRef.current) : listRef.current)?.focus();
  }, [comments, shown]);

  const list = { postId: post.id, headingId, ...lines };
  return (
    <>
      <div className="comments__header">
        <h4 id={headingId} className="comments__heading">
          Comments:
        </h4>
        {thread.count !== null && <span className="comments__count">{thread.count}</span>}
      </div>
      {comments ? (
        <>
          {comments.length > shown && (
            <button
              ref={moreRef}
              type="button"
              className="button button--small comments__more"
              aria-describedby={titleId}
              onClick={() => {
                setShown(shown + THREAD_STEP);
                if (comments.length <= shown + THREAD_STEP) focusTarget.current = 'last step';
              }}
            >
              Show more comments
            </button>
          )}
          <CommentList
            {...list}
            comments={comments.slice(-shown)}
            known={comments}
            listRef={listRef}
          />
        </>
      ) : (
        <>
          <button
            type="button"
            className="button button--small comments__more"
            aria-busy={thread.status === 'loading'}
            {...network}
            onClick={() => {
              if (thread.status === 'loading') return;
              focusTarget.current = 'opened';
              thread.open();
            }}
          >
            {thread.status === 'loading' ? 'Loading comments…' : showAllLabel(thread.count)}
          </button>
          {thread.status === 'failed' && (
            <p role="alert" className="form-error">
              {THREAD_NOT_READ}
            </p>
          )}
          <CommentList {...list} comments={thread.postedHere} known={thread.postedHere} />
        </>
      )}
    </>
  );
}
