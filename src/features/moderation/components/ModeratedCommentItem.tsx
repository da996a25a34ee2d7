import { useId, useState } from 'react';
import { isSuspendedAt, type Suspension } from '../../comments';
import type { ModeratedComment } from '../data/moderation';
import { ConfirmedButton } from '../../../shared/forms/ConfirmedButton';
import { PublishedTime } from '../../../shared/ui/PublishedTime';
import type { Moderation } from '../hooks/useModeration';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { permalinkTo } from '../../posts';
import { ChoiceButton } from '../../../shared/forms/ChoiceButton';
import { LiftSuspensionButton } from './SuspendedAccounts';

export interface ModeratedCommentItemProps {
  comment: ModeratedComment;
  now: number;
  /** The author's suspension, or null. */
  suspension: Suspension | null;
  moderation: Moderation;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DURATIONS = [
  ['day', '24 hours'],
  ['week', '7 days'],
  ['permanent', 'Permanently'],
] as const;
type Duration = (typeof DURATIONS)[number][0];

function untilFor(duration: Duration, now: number): number | null {
  if (duration === 'permanent') return null;
  return now + (duration === 'day' ? DAY_MS : 7 * DAY_MS);
}

/** One listed comment: its post (a permalink), author, text, time, reports, and the actions. */
export function ModeratedCommentItem({
  comment,
  now,
  suspension,
  moderation,
}: ModeratedCommentItemProps) {
  const textId = useId();
  const authorId = useId();
  const [removeAll, setRemoveAll] = useState(false);
  const dismissing = useSubmit('Not dismissed');
  const suspended = isSuspendedAt(suspension, now);
  const reports = comment.reports === 1 ? '1 report' : `${comment.reports} reports`;

  return (
    <li className="moderated">
      <p className="moderated__post">
        <a href={permalinkTo(comment.postId)}>{comment.postTitle || 'Untitled post'}</a>
      </p>
      <p id={textId} className="moderated__comment">
        <span id={authorId} className="comment__user">
          {comment.user}
        </span>
        <span className="comment__separator">: </span>
        <span className="comment__text">{comment.text}</span>
      </p>
      <p className="moderated__meta">
        <PublishedTime created={comment.at} now={now} />
        {comment.reports > 0 && <span className="moderated__reports">{reports}</span>}
        {suspended && <span className="moderated__suspended">Author suspended</span>}
      </p>
      <div className="moderated__actions">
        <ConfirmedButton
          label="Remove"
          className="button button--small button--danger"
          describedBy={textId}
          question="Remove this comment?"
          detail={`${comment.user}: “${comment.text}” will be removed for everyone. This cannot be undone.`}
          failure="Not removed"
          onConfirm={() => moderation.remove(comment)}
        />
        {comment.reports > 0 && (
          <button
            type="button"
            className="button button--small"
            aria-describedby={textId}
            aria-busy={dismissing.busy}
            disabled={dismissing.busy}
            onClick={() => void dismissing.run(() => moderation.dismiss(comment))}
          >
            Dismiss reports
          </button>
        )}
        {moderation.filter.uid === null && (
          <button
            type="button"
            className="button button--small"
            aria-describedby={authorId}
            onClick={() => moderation.setFilter({ ...moderation.filter, uid: comment.uid })}
          >
            Comments by this author
          </button>
        )}
        {suspended ? (
          <LiftSuspensionButton uid={comment.uid} describedBy={authorId} moderation={moderation} />
        ) : (
          <ChoiceButton<Duration>
            label="Suspend"
            className="button button--small button--danger"
            describedBy={authorId}
            title={`Suspend ${comment.user}?`}
            submitLabel="Suspend"
            legend="For how long?"
            options={DURATIONS}
            failure="Not suspended"
            onChoose={(duration) =>
              moderation.suspend(
                { uid: comment.uid, user: comment.user, until: untilFor(duration, Date.now()) },
                removeAll,
              )
            }
          >
            <label className="choice">
              <input
                type="checkbox"
                checked={removeAll}
                onChange={(event) => setRemoveAll(event.target.checked)}
              />
              Also remove all their comments
            </label>
          </ChoiceButton>
        )}
      </div>
      {dismissing.error && (
        <p role="alert" className="form-error">
          {dismissing.error}
        </p>
      )}
    </li>
  );
}
