import { Suspense } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import type { Comment } from '../../../shared/posts/post';
import { likes, pendingLikes } from '../store/likeState';
import type { ThreadEntry } from '../store/threadState';
import { LazyLikeButton } from './lazyComments';
import type { Liker } from './lineContext';

export interface LikeControlProps {
  postId: string;
  comment: Comment;
  /** The line as its thread read it; none on a card's inline comment (none of those has likes). */
  entry: ThreadEntry | undefined;
  /** Who may like it; null: nobody here (a visitor, its author). */
  liker: Liker | null;
  /** The comment's text element: 'Like' says which comment it is for. */
  textId: string;
}

/**
 * The comment's count of likes (its own count plus its like counters': ../store/likeState.ts) and,
 * for a fan who may like it, 'Like' before it (LikeButton, loaded with the other signed-in
 * controls). A visitor sees the count alone, and nothing while there is none.
 */
export function LikeControl({ postId, comment, entry, liker, textId }: LikeControlProps) {
  const pending = useExternalStore(likes, () => pendingLikes(postId, entry?.id ?? ''));
  const count = (entry?.likes ?? 0) + (pending?.sum ?? 0);
  if (!liker && count <= 0) return null;

  return (
    <div className="comment__like">
      {liker && (
        <Suspense fallback={null}>
          <LazyLikeButton
            postId={postId}
            comment={comment}
            entry={entry}
            liker={liker}
            textId={textId}
          />
        </Suspense>
      )}
      {count > 0 && (
        <span className="comment__likes">
          {count}
          <span className="visually-hidden">{count === 1 ? ' like' : ' likes'}</span>
        </span>
      )}
    </div>
  );
}
