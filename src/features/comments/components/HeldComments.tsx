import type { AppUser } from '../../../shared/permissions/permissions';
import { useOwnHeld } from '../hooks/useOwnHeld';

/**
 * The signed-in fan's own comments and replies on this post that wait for the club's review, each
 * marked 'Waiting for review': nobody else sees them until the club approves them.
 */
export function HeldComments({ postId, user }: { postId: string; user: AppUser }) {
  const held = useOwnHeld(postId, user.email);
  if (held.length === 0) return null;
  return (
    <ul className="comments__list comments__held" aria-label="Your comments waiting for review">
      {held.map(({ id, comment, replyTo }) => (
        <li key={id} className={replyTo === undefined ? 'comment' : 'comment comment--reply'}>
          <span>
            {replyTo !== undefined && <span className="visually-hidden">Your reply: </span>}
            <span className="comment__user">{comment.user}</span>
            <span className="comment__separator">: </span>
            <span className="comment__text">{comment.text}</span>
          </span>
          <span className="comment__held">Waiting for review</span>
        </li>
      ))}
    </ul>
  );
}
