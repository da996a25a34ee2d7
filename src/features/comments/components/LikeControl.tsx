import { useState } from 'react';
import { describeError } from '../../../shared/errors/messages';
import { useExternalStore } from '../../../shared/state/externalStore';
import type { Comment } from '../../../shared/posts/post';
import { likeComment } from '../../feed/commands';
import { likedHere, likes, pendingLikes } from '../store/likeState';
import type { ThreadEntry } from '../store/threadState';
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
 * 'Like' (pressed when the signed-in fan likes the comment) and the comment's count of likes
 * beside it: its own count plus its like counters' (../store/likeState.ts). Pressing again takes
 * the like back. A visitor sees the count alone, and nothing while there is none.
 */
export function LikeControl({ postId, comment, entry, liker, textId }: LikeControlProps) {
  const id = entry?.id ?? '';
  const pending = useExternalStore(likes, () => pendingLikes(postId, id));
  const mine = useExternalStore(likes, () => likedHere(postId, id));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = (entry?.likes ?? 0) + (pending?.sum ?? 0);
  if (!liker && count <= 0) return null;

  const toggle = async () => {
    if (!liker || sending) return;
    setSending(true);
    setError(null);
    const view = { likedAt: entry?.likedAt ?? null, pending: pending?.holding ?? null };
    try {
      await likeComment(liker.post, entry?.id ?? comment, liker.user.uid, !mine, view);
    } catch (caught) {
      setError(describeError(caught, mine ? 'Like not taken back' : 'Like not saved'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="comment__like">
      {liker && (
        <button
          type="button"
          className="button button--small"
          aria-pressed={mine}
          aria-busy={sending}
          aria-describedby={textId}
          onClick={() => void toggle()}
        >
          Like
        </button>
      )}
      {count > 0 && (
        <span className="comment__likes">
          {count}
          <span className="visually-hidden">{count === 1 ? ' like' : ' likes'}</span>
        </span>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
