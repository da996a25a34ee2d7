import { createExternalStore } from '../../../shared/state/externalStore';
import type { ReportReason } from '../data/commentCopies';
import type { Suspension } from '../data/commenting';
import type { Comment } from '../../../shared/posts/post';
import type { AppUser } from '../../../shared/permissions/permissions';
import { reportComment as sendReport } from '../../feed/commands';

/**
 * What a signed-in fan's card needs beyond the form, loaded with the comment box and the Report
 * button (never with a visitor's first load): their suspension, and their reports.
 *
 * The signed-in fan's own suspension, read once per account and page (suspensions/{uid}: only the
 * account itself and the administrator may read it). Unknown (not yet read, or unreadable) counts
 * as not suspended: the rules still refuse a suspended account's comments and reports.
 */
const reads = new Map<string, Suspension | null>();
const asked = new Set<string>();
/** Reported from this page, by `reportKey()`: those buttons read 'Reported'. */
const reported = new Set<string>();
/** Told when a suspension is read or a report sent (the sets above change in place). */
export const fan = createExternalStore({ reads, reported });

/** The sign-in the reads are for: a new one (another account, or the same again) reads anew. */
let readsFor: AppUser | null = null;

/**
 * Reads the account's own suspension once per sign-in (useOwnSuspension asks on each render with
 * the signed-in user, a new object at each sign-in).
 */
export function askOwnSuspension(user: AppUser): void {
  const { uid } = user;
  if (user !== readsFor) {
    readsFor = user;
    reads.clear();
    asked.clear();
    reported.clear();
  }
  if (asked.has(uid)) return;
  asked.add(uid);
  import('../store/ownSuspension')
    .then(({ readOwnSuspension }) => readOwnSuspension(uid))
    .then(
      (suspension) => {
        reads.set(uid, suspension);
        fan.set(fan.get());
      },
      // Not asked again until the next sign-in: every card renders this, so a retry on each
      // render would be a read per render for as long as the read fails.
      (error: unknown) => console.warn('Could not read whether this account may comment', error),
    );
}

/** Which comment of which post: the key of what this page reported. */
export function reportKey(postId: string, comment: { user: string; text: string; date: string }) {
  return JSON.stringify([postId, comment.user, comment.date, comment.text]);
}

/** Sends the fan's report of someone else's comment; its button then reads 'Reported'. */
export async function reportComment(
  postId: string,
  comment: Comment,
  reason: ReportReason,
  uid: string,
): Promise<void> {
  await sendReport(postId, comment, reason, uid);
  reported.add(reportKey(postId, comment));
  fan.set(fan.get());
}
