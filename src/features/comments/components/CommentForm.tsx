import type { AppUser } from '../../../shared/permissions/permissions';
import { useId, useState, type FormEvent } from 'react';
import { SENDING, describeProblem } from '../../../shared/errors/messages';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { LIMITS } from '../../../shared/limits';
import { textProblem } from '../../../shared/text/textChecks';
import { addComment, prepareWrites } from '../../feed/commands';
import type { CommentedPost, ReplyTarget } from '../../feed/data/writes';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import './commentForm.css';

/** Said once the club holds a comment (its line under the post says 'Waiting for review'). */
const HELD_NOTICE = 'Sent. The club reviews it before anyone else sees it.';

export interface CommentFormProps {
  /** The signed-in fan: their e-mail signs the comment, and the rules limit how often each comments. */
  user: AppUser;
  /** The post's title element, so the 'Post' button says which post it is for. */
  titleId: string;
  /** The post it goes to, as the card holds it. */
  post: CommentedPost;
  /** A reply's box: the comment it answers (its id, or as the card shows it). */
  replyTo?: ReplyTarget;
  /** Told once a reply is sent (its box closes). */
  onSent?: () => void;
}

/**
 * 'Add a comment...' and 'Post', for signed-in users; a reply's box, 'Add a reply...' and 'Send
 * reply'. Empty text does nothing (spec §5).
 */
export function CommentForm({ user, titleId, post, replyTo, onSent }: CommentFormProps) {
  const [text, setText] = useState('');
  const [retrying, setRetrying] = useState(false);
  const [heldNotice, setHeldNotice] = useState(false);
  const { busy, error, run } = useSubmit('Not sent');
  const inputId = useId();
  const errorId = useId();
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
    const comment = { user: user.email, text: trimmed, date: new Date().toLocaleString() };
    setHeldNotice(false);
    const sent = await run(
      () =>
        // A busy post: Firestore asks for the commit again, and the button says so meanwhile.
        addComment(post, comment, user.uid, {
          onRetry: () => setRetrying(true),
          replyTo,
        })
          .then((held) => setHeldNotice(held !== null))
          .finally(() => setRetrying(false)),
      problem,
    );
    if (sent) {
      setText('');
      onSent?.();
    }
  };
  const reply = replyTo !== undefined;
  const placeholder = reply ? 'Add a reply...' : 'Add a comment...';

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)} onFocus={prepareWrites}>
      <label htmlFor={inputId} className="visually-hidden">
        {placeholder}
      </label>
      <input
        id={inputId}
        name={reply ? 'reply' : 'comment'}
        type="text"
        placeholder={placeholder}
        // A reply's box opens on the reader's press of 'Reply': they write in it next.
        autoFocus={reply}
        autoComplete="off"
        maxLength={LIMITS.commentChars}
        value={text}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button" aria-busy={busy} {...network}>
        {reply ? 'Send reply' : 'Post'}
      </button>
      <p role="status" className="comment-form__status">
        {busy && retrying ? SENDING : heldNotice ? HELD_NOTICE : ''}
      </p>
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}
