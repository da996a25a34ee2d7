import { useSubmit } from '../../../shared/forms/useSubmit';
import { useExternalStore } from '../../../shared/state/externalStore';
import type { Comment } from '../../../shared/posts/post';
import { likeComment } from '../../feed/commands';
import { useOwnSuspension } from '../hooks/useFanCommenting';
import { likedHere, likes, pendingLikes } from '../store/likeState';
import type { ThreadEntry } from '../store/threadState';
import type { Liker } from './lineContext';

export interface LikeButtonProps {
  postId: string;
  comment: Comment;
  /** The line as its thread read it; none on a card's inline comment. */
  entry: ThreadEntry | undefined;
  /** The signed-in fan who likes, and the post. */
  liker: Liker;
  /** The comment's text element: 'Like' says which comment it is for. */
  textId: string;
}

/**
 * A signed-in fan's 'Like' (pressed while they like the comment); pressing again takes the like
 * back. A suspended fan has it only on a comment they like, to take that back: the rules refuse a
 * suspended fan's like, never its withdrawal.
 */
export function LikeButton({ postId, comment, entry, liker, textId }: LikeButtonProps) {
  const id = entry?.id ?? '';
  const pending = useExternalStore(likes, () => pendingLikes(postId, id));
  const mine = useExternalStore(likes, () => likedHere(postId, id));
  const suspended = useOwnSuspension(liker.user) !== null;
  const { busy, error, run } = useSubmit(mine ? 'Like not taken back' : 'Like not saved');
  if (suspended && !mine) return null;

  const toggle = () => {
    const view = { likedAt: entry?.likedAt ?? null, pending: pending?.holding ?? null };
    return likeComment(liker.post, entry?.id ?? comment, liker.user.uid, !mine, view);
  };

  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-pressed={mine}
        aria-busy={busy}
        aria-describedby={textId}
        onClick={() => void run(toggle)}
      >
        Like
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );
}
