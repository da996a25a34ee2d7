import type { Comment } from './post';

export interface CommentListProps {
  comments: Comment[];
  headingId: string;
}

/** 'Comments:' and one line per comment: author, then text. */
export function CommentList({ comments, headingId }: CommentListProps) {
  return (
    <>
      <h4 id={headingId} className="comments__heading">
        Comments:
      </h4>
      {comments.length > 0 && (
        <ul className="comments__list" aria-labelledby={headingId}>
          {comments.map((comment, index) => (
            // Comments are only ever appended, so the position is a stable key.
            <li key={index} className="comment">
              <span className="comment__user">{comment.user}</span>
              <span className="comment__separator">: </span>
              <span className="comment__text">{comment.text}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
