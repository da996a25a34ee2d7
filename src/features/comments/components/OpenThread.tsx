import { useEffect, useRef, useState } from 'react';
import type { Comment } from '../../posts';
import { CommentList, type CommentListProps } from './CommentList';

/** An open thread shows its latest comments this many at a time ('Show more comments'). */
export const THREAD_STEP = 50;

export interface OpenThreadProps extends Omit<CommentListProps, 'comments' | 'known' | 'listRef'> {
  /** The whole thread, oldest first. */
  comments: Comment[];
  /** The post's title element: 'Show more comments' says which post it is for. */
  titleId: string;
  /** Whether the reader just opened it: focus goes to its first control. */
  opened: boolean;
}

/**
 * A thread the page has read whole: its latest comments, THREAD_STEP at a time, 'Show more
 * comments' above them showing earlier ones. Focus stays on that button while it is there, and
 * moves to the comments when the last step takes it away (or when the reader opened a thread that
 * needs no button). Loaded with the first thread a page opens.
 */
export function OpenThread({ comments, titleId, opened, ...list }: OpenThreadProps) {
  const [shown, setShown] = useState(THREAD_STEP);
  const focusNext = useRef(opened);
  const moreRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (moreRef.current ?? listRef.current)?.focus();
  }, [shown]);

  return (
    <>
      {comments.length > shown && (
        <button
          ref={moreRef}
          type="button"
          className="button button--small comments__more"
          aria-describedby={titleId}
          onClick={() => {
            setShown(shown + THREAD_STEP);
            focusNext.current = comments.length <= shown + THREAD_STEP;
          }}
        >
          Show more comments
        </button>
      )}
      <CommentList {...list} comments={comments.slice(-shown)} known={comments} listRef={listRef} />
    </>
  );
}
