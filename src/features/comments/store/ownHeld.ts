import { onCommitted } from '../../feed/commands';
import { addOwnHeld, dropOwnHeld, forgetOwnHeld } from './heldState';

/**
 * What a comment box asks of the fan's held comments: read once a page for each fan (the reads
 * load then: ./ownHeldReads.ts), and kept up with this page's own writes.
 */

// A comment held here shows at once; one the club approves on this page leaves the held list.
onCommitted((write) => {
  if (write.type === 'held') addOwnHeld(write.held);
  if (write.type === 'commented') dropOwnHeld(write.id, write.entryId);
});

let askedFor: string | null = null;

export function readOwnHeld(email: string): void {
  if (askedFor === email) return;
  if (askedFor !== null) forgetOwnHeld();
  askedFor = email;
  import('./ownHeldReads')
    .then((reads) => reads.readOwnHeld(email))
    .catch((error: unknown) => {
      askedFor = null; // asked again when a comment box shows again
      console.warn('Could not read your comments waiting for review', error);
    });
}

/** Forgets what was read and asked (tests; a page's state starts empty). */
export function forgetOwnHeldAsked(): void {
  askedFor = null;
  forgetOwnHeld();
}
