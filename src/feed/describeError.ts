import { StoreError } from '../data/storeError';

/** A short, human message for a failed call; the typed text stays where it was. */
export function describeError(error: unknown, outcome = 'Not saved'): string {
  const code = error instanceof StoreError ? error.code : 'unknown';
  switch (code) {
    case 'permission-denied':
    case 'unauthenticated':
      return `${outcome}: you are not allowed to do that. Try signing in again.`;
    case 'too-soon':
      return 'Please wait a few seconds before commenting again.';
    case 'not-found':
      return `${outcome}: this post no longer exists.`;
    case 'unavailable':
    case 'deadline-exceeded':
      return `${outcome}: the server cannot be reached. Check your connection and try again.`;
    case 'invalid-argument':
    case 'failed-precondition':
      return `${outcome}: the server refused it. Check what you typed and try again.`;
    default:
      return `${outcome}: something went wrong. Please try again.`;
  }
}
