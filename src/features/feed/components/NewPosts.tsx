import './feed.css';

export interface NewPostsProps {
  /** Posts waiting to be shown. */
  count: number;
  onShow: () => void;
}

/**
 * '1 new post' / 'N new posts' at the top of the feed, once the live checks find some. It floats
 * over the feed (it takes no room), so its arrival moves nothing under the reader; the polite live
 * region around it announces it without interrupting.
 */
export function NewPosts({ count, onShow }: NewPostsProps) {
  return (
    <div className="new-posts" aria-live="polite">
      {count > 0 && (
        <button type="button" className="button button--primary new-posts__button" onClick={onShow}>
          {count === 1 ? '1 new post' : `${count} new posts`}
        </button>
      )}
    </div>
  );
}
