import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Suspension } from '../data/moderation';
import { canComment, isAdmin, type AppUser } from '../data/permissions';

export interface Commenting {
  /** The signed-in fan's own suspension (read once a session), or null: none, or not yet read. */
  suspension: Suspension | null;
  /** Comments reported from this page, by `reportKey()`: their buttons read 'Reported'. */
  reported: ReadonlySet<string>;
  markReported: (key: string) => void;
}

/** Which comment of which post: the key of `Commenting.reported`. */
export function reportKey(postId: string, comment: { user: string; text: string; date: string }) {
  return JSON.stringify([postId, comment.user, comment.date, comment.text]);
}

/**
 * What a signed-in fan may do with comments beyond the rules' word: whether a suspension stops
 * them (one read of suspensions/{uid} after sign-in; the administrator is never suspended), and
 * what they reported here.
 */
export function useCommenting(user: AppUser | null): Commenting {
  const [read, setRead] = useState<{ uid: string; suspension: Suspension | null } | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(() => new Set());
  const uid = canComment(user) && !isAdmin(user) ? user.uid : null;

  useEffect(() => {
    if (uid === null) return;
    let cancelled = false;
    import('../store/moderation')
      .then(({ readOwnSuspension }) => readOwnSuspension(uid))
      .then(
        (suspension) => {
          if (!cancelled) setRead({ uid, suspension });
        },
        // Unknown stays 'not suspended': the rules still refuse a suspended account's comments.
        (error: unknown) => console.warn('Could not read whether this account may comment', error),
      );
    return () => {
      cancelled = true;
    };
  }, [uid]);

  const markReported = useCallback(
    (key: string) => setReported((keys) => new Set(keys).add(key)),
    [],
  );
  const suspension = read !== null && read.uid === uid ? read.suspension : null;
  return useMemo(
    () => ({ suspension, reported, markReported }),
    [suspension, reported, markReported],
  );
}
