import { useId } from 'react';
import { isSuspendedAt, type Suspension } from '../../comments';
import type { Moderation } from '../hooks/useModeration';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { formatExactTime } from '../../../shared/text/relativeTime';
import './moderation.css';

export interface SuspendedAccountsProps {
  moderation: Moderation;
  now: number;
}

/** The accounts suspended now, each with until when and 'Lift suspension'. */
export function SuspendedAccounts({ moderation, now }: SuspendedAccountsProps) {
  const headingId = useId();
  const inForce = [...moderation.suspensions.values()].filter((each) => isSuspendedAt(each, now));
  if (inForce.length === 0) return null;
  return (
    <section className="suspended" aria-labelledby={headingId}>
      <h3 id={headingId} className="suspended__heading">
        Suspended accounts
      </h3>
      <ul className="suspended__list">
        {inForce.map((suspension) => (
          <SuspendedAccount key={suspension.uid} suspension={suspension} moderation={moderation} />
        ))}
      </ul>
    </section>
  );
}

function SuspendedAccount({
  suspension,
  moderation,
}: {
  suspension: Suspension;
  moderation: Moderation;
}) {
  const nameId = useId();
  const until =
    suspension.until === null ? 'for good' : `until ${formatExactTime(suspension.until)}`;
  return (
    <li className="suspended__account">
      <span id={nameId}>
        <span className="comment__user">{suspension.user || suspension.uid}</span> {until}
      </span>
      <LiftSuspensionButton uid={suspension.uid} describedBy={nameId} moderation={moderation} />
    </li>
  );
}

export interface LiftSuspensionButtonProps {
  uid: string;
  /** The element naming the account. */
  describedBy: string;
  moderation: Moderation;
}

/** 'Lift suspension': the account may comment and report again at once. */
export function LiftSuspensionButton({ uid, describedBy, moderation }: LiftSuspensionButtonProps) {
  const { busy, error, run } = useSubmit('Not lifted');
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-describedby={describedBy}
        aria-busy={busy}
        disabled={busy}
        onClick={() => void run(() => moderation.lift(uid))}
      >
        Lift suspension
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );
}
