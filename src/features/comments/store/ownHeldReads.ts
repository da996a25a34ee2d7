import { call, readAll } from '../../../shared/store/firestoreWrites';
import { HELD_COMMENTS, heldCommentFrom, type HeldComment } from '../data/review';
import { setOwnHeld } from './heldState';

/**
 * The signed-in fan's comments waiting for review, on every post: the rules let only them (and the
 * club) read those, so through the SDK with their sign-in, asking for their own alone (one read a
 * held comment, one when none). Loaded by ./ownHeld.ts for a signed-in fan alone.
 */
export async function readOwnHeld(email: string): Promise<void> {
  const held = await call(async (store) => {
    const { sdk } = store;
    const own = await readAll(store, HELD_COMMENTS, sdk.where('user', '==', email));
    return own.flatMap((snapshot): HeldComment[] => {
      const read = heldCommentFrom(snapshot.id, (name) => snapshot.get(name));
      return read ? [read] : [];
    });
  });
  setOwnHeld(held);
}
