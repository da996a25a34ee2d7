import './comments.css';

/** In place of the comment form on a post whose comments the administrator closed. */
export function CommentsClosed() {
  return (
    <p className="comments__closed">
      <strong>Comments are closed</strong>
    </p>
  );
}
