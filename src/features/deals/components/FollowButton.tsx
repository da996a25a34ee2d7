import { useId, useState } from 'react';
import type { Deal } from '../data/deal';
import { alertPermission, askAlertPermission, type AlertPermission } from '../state/dealAlerts';
import { useFollows } from '../hooks/useFollows';
import { follow, unfollow } from '../state/follows';
import './deals.css';

/** What a followed deal's line says, by the browser's permission to show notifications. */
const NOTE: Record<AlertPermission, string> = {
  default:
    'This page can alert you when this deal moves while it is open, even in a background tab.',
  granted:
    'You will be alerted when this deal moves while this site is open, even in a background tab.',
  denied: 'Notifications are blocked: you will be told on this page only, while it is open.',
  unsupported:
    'This browser shows no notifications: you will be told on this page only, while it is open.',
};

/**
 * 'Follow' in a deal's heading: a toggle kept on this device (features/deals/state/follows.ts).
 * The first press explains, in one line, and only then asks the browser's permission for
 * notifications; refused or unsupported, the line says the page alone will tell.
 */
export function FollowButton({ deal }: { deal: Deal }) {
  const followed = useFollows().some((followedDeal) => followedDeal.id === deal.id);
  const [permission, setPermission] = useState(alertPermission);
  const noteId = useId();
  return (
    <>
      <button
        type="button"
        className="follow-button"
        aria-pressed={followed}
        aria-describedby={followed ? noteId : undefined}
        onClick={() => {
          if (followed) {
            unfollow(deal.id);
            return;
          }
          follow(deal);
          if (permission === 'default') void askAlertPermission().then(setPermission);
        }}
      >
        <span aria-hidden="true">{followed ? '✓ ' : '+ '}</span>
        Follow
      </button>
      {followed && (
        <p id={noteId} className="deal-view__note">
          {NOTE[permission]}
        </p>
      )}
    </>
  );
}
