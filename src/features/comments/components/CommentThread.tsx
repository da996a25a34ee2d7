import { Suspense, lazy, useState } from 'react';
import { THREAD_NOT_READ, countText, showAllLabel } from '../../../shared/posts/commentSummary';
import { useThread, type ThreadPost } from '../hooks/useThread';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { useNearScreen } from '../../../shared/ui/useNearScreen';
import { useOwnLikes } from '../hooks/useOwnLikes';
import { CommentList, type CommentListProps } from './CommentList';
import './comments.css';

// In the comments chunk: a visitor's first load never carries a long thread's reader.
const LazyOpenThread = lazy(() =>
  import('./OpenThread').then((module) => ({ default: module.OpenThread })),
);

export interface CommentThreadProps extends Omit<
  CommentListProps,
  'comments' | 'known' | 'listRef' | 'postId'
> {
  post: ThreadPost;
  /** The post's title element: the thread's controls say which post they are for. */
  titleId: string;
}

/**
 * 'Comments:' with how many, then the comments: a short thread whole, as the page read it with
 * the post; a long one behind 'Show all N comments', which reads its latest 50 comments (one read
 * a comment) and earlier ones 50 at a time (OpenThread, loaded then). This page's own comments on
 * a thread it has not read show below that control at once.
 */
export function CommentThread({ post, titleId, headingId, ...lines }: CommentThreadProps) {
  const [headerRef, near] = useNearScreen<HTMLDivElement>(post.moreComments);
  const thread = useThread(post, near);
  const network = useNeedsNetwork(titleId);
  useOwnLikes(post.id, lines.liker?.user.uid ?? null, thread.held !== undefined);
  /** Whether the reader asked for the thread here: its first control then takes focus. */
  const [asked, setAsked] = useState(false);
  const list = { postId: post.id, headingId, ...lines };
  const open = () => {
    setAsked(true);
    thread.open();
  };

  return (
    <>
      <div className="comments__header" ref={headerRef}>
        <h4 id={headingId} className="comments__heading">
          Comments:
        </h4>
        <span className="comments__count">
          {thread.count === null ? null : countText(thread.count)}
        </span>
      </div>
      {thread.held ? (
        <Suspense fallback={null}>
          <LazyOpenThread
            {...list}
            entries={thread.held}
            complete={thread.complete}
            loading={thread.status === 'loading'}
            onMore={thread.open}
            titleId={titleId}
            opened={asked}
          />
        </Suspense>
      ) : thread.comments ? (
        <CommentList {...list} comments={thread.comments} known={thread.comments} />
      ) : (
        <>
          <button
            type="button"
            className="button button--small comments__more"
            aria-busy={thread.status === 'loading'}
            {...network}
            onClick={open}
          >
            {showAllLabel(thread.count)}
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
