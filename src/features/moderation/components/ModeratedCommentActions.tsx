import { useState } from 'react';
import type { ModeratedComment } from '../data/moderation';
import { DURATIONS, untilFor, type Duration } from '../data/suspensionDurations';
import { ConfirmedButton } from '../../../shared/forms/ConfirmedButton';
import type { Moderation } from '../hooks/useModeration';
import type { Submit } from '../../../shared/forms/useSubmit';
import { ChoiceButton } from '../../../shared/forms/ChoiceButton';
import { LiftSuspensionButton } from './SuspendedAccounts';
import './moderation.css';
import '../../../shared/forms/choices.css';

export interface ModeratedCommentActionsProps {
  comment: ModeratedComment;
  moderation: Moderation;
  /** Whether the author is suspended now: Lift suspension instead of Suspend. */
  suspended: boolean;
  /** 'Dismiss reports': its failure is said below the actions, by the list item. */
  dismissing: Submit;
  /** The element holding the whole comment, and the one naming its author. */
  textId: string;
  authorId: string;
}

/** A listed comment's actions: Remove, Dismiss reports, its author's comments, Suspend or Lift. */
export function ModeratedCommentActions({
  comment,
  moderation,
  suspended,
  dismissing,
  textId,
  authorId,
}: ModeratedCommentActionsProps) {
  // Kept here, not in the Suspend dialog, so the choice outlives the dialog closing.
  const [removeAll, setRemoveAll] = useState(false);
  return (
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
        <SuspendButton
          comment={comment}
          moderation={moderation}
          authorId={authorId}
          removeAll={removeAll}
          onRemoveAllChange={setRemoveAll}
        />
      )}
    </div>
  );
}

interface SuspendButtonProps {
  comment: ModeratedComment;
  moderation: Moderation;
  authorId: string;
  /** 'Also remove all their comments', ticked or not. */
  removeAll: boolean;
  onRemoveAllChange: (removeAll: boolean) => void;
}

/** 'Suspend': asks for how long, and whether to remove all the author's comments too. */
function SuspendButton({
  comment,
  moderation,
  authorId,
  removeAll,
  onRemoveAllChange,
}: SuspendButtonProps) {
  return (
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
          onChange={(event) => onRemoveAllChange(event.target.checked)}
        />
        Also remove all their comments
      </label>
    </ChoiceButton>
  );
}
