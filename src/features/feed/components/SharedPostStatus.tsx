import { useEffect, useId } from 'react';
import type { SharedPost } from '../data/feedReducer';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import './feed.css';

export interface SharedPostStatusProps {
  shared: SharedPost;
  onRetry: () => void;
}

/**
 * What a permalink adds above the feed: 'This post is no longer available' for an unknown or
 * deleted post, a failed read with Retry; and, while the post is shown, a page title naming it.
 */
export function SharedPostStatus({ shared, onRetry }: SharedPostStatusProps) {
  const messageId = useId();
  const network = useNeedsNetwork(messageId);
  useSharedTitle(shared.post?.title ?? null);
  const { status } = shared;
  return (
    <div className={status === 'missing' || status === 'failed' ? 'shared-status' : undefined}>
      {/* A status, not an alert: the feed below is still what the visitor came for, so this is
          said politely and never interrupts or moves focus. */}
      <p role="status" id={messageId}>
        {status === 'missing' && 'This post is no longer available'}
        {status === 'failed' && 'The shared post could not be loaded.'}
      </p>
      {status === 'failed' && (
        <button type="button" className="button" onClick={onRetry} {...network}>
          Retry
        </button>
      )}
    </div>
  );
}

/** `<post title> – <the normal title>` while the shared post is shown; the normal title after. */
function useSharedTitle(postTitle: string | null): void {
  useEffect(() => {
    if (postTitle === null) return;
    const normal = document.title;
    document.title = normal ? `${postTitle} – ${normal}` : postTitle;
    return () => {
      document.title = normal;
    };
  }, [postTitle]);
}
