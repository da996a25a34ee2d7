import { StoreError, type StoreErrorCode } from './storeError';

/**
 * Every message a failed write shows, in words a fan understands; the typed text always stays
 * where it was. `outcome` says what did not happen ('Not saved', 'Not sent', 'Not deleted').
 */

/** Why a call failed. The switch names every code, so a new one cannot go without a message. */
export function describeError(error: unknown, outcome = 'Not saved'): string {
  const code: StoreErrorCode = error instanceof StoreError ? error.code : 'unknown';
  switch (code) {
    case 'permission-denied':
    case 'unauthenticated':
      return `${outcome}: you are not allowed to do that. Try signing in again.`;
    case 'too-soon':
      return 'Please wait a few seconds before commenting again.';
    case 'old-thread':
      return `${outcome}: this comment was written before the site's last update, and can be changed once the club has moved older comments over.`;
    case 'not-found':
      return `${outcome}: this post no longer exists.`;
    case 'unavailable':
    case 'deadline-exceeded':
    case 'cancelled':
      return `${outcome}: the server cannot be reached. Check your connection and try again.`;
    case 'invalid-argument':
    case 'failed-precondition':
    case 'out-of-range':
      return `${outcome}: the server refused it. Check what you typed and try again.`;
    case 'resource-exhausted':
      return `${outcome}: the server is busy. Please try again in a minute.`;
    case 'aborted':
      // Firestore gave up on a busy document (many fans commenting on one post at once).
      return `${outcome}: this post is busy right now. Please try again in a moment.`;
    case 'already-exists':
    case 'unimplemented':
    case 'internal':
    case 'data-loss':
    case 'unknown':
      return `${outcome}: something went wrong. Please try again.`;
  }
}

/**
 * Why the rules would refuse a text (see textProblem in textChecks.ts), or null when they would
 * not.
 */
export function describeProblem(
  field: 'title' | 'content' | 'comment' | 'deal name',
  problem: 'no visible text' | 'too long' | null,
  outcome = 'Not saved',
): string | null {
  if (problem === null) return null;
  const what = problem === 'too long' ? 'too many characters' : problem;
  return `${outcome}: the ${field} has ${what}.`;
}

/** A thread that could not be read (its button stays, to try again). */
export const THREAD_NOT_READ =
  'The comments could not be loaded. Check your connection and try again.';

/** A comment still on its way: Firestore asked for it again (many fans commenting on one post). */
export const SENDING = 'Sending…';
