import { useId, useState, type FormEvent } from 'react';
import { describeProblem } from '../data/messages';
import { useSubmit } from '../hooks/useSubmit';
import { LIMITS } from '../data/limits';
import { textProblem } from '../data/textChecks';
import { useFeedContext } from './feedContext';
import { useNeedsNetwork } from '../ui/needsNetwork';
import type { Comment } from '../data/post';

export interface CommentFormProps {
  email: string;
  /** The post's title element, so the 'Post' button says which post it is for. */
  titleId: string;
  onComment: (comment: Comment) => Promise<void>;
}

/** 'Add a comment...' and 'Post', for signed-in users. Empty text does nothing (spec §5). */
export function CommentForm({ email, titleId, onComment }: CommentFormProps) {
  const [text, setText] = useState('');
  const { busy, error, run } = useSubmit('Not sent');
  const inputId = useId();
  const errorId = useId();
  const { prepare } = useFeedContext().ops;
  const network = useNeedsNetwork(titleId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '' || network.disabled) return;
    const problem = describeProblem(
      'comment',
      textProblem(trimmed, LIMITS.commentChars, LIMITS.commentBytes),
      'Not sent',
    );
    const comment = { user: email, text: trimmed, date: new Date().toLocaleString() };
    if (await run(() => onComment(comment), problem)) setText('');
  };

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)} onFocus={prepare}>
      <label htmlFor={inputId} className="visually-hidden">
        Add a comment...
      </label>
      <input
        id={inputId}
        name="comment"
        type="text"
        placeholder="Add a comment..."
        autoComplete="off"
        maxLength={LIMITS.commentChars}
        value={text}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button" aria-busy={busy} {...network}>
        Post
      </button>
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}
