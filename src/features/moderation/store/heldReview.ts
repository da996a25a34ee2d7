import {
  HELD_COMMENTS,
  REVIEW_SETTINGS,
  REVIEW_SETTINGS_ID,
  heldCommentFrom,
  reviewSettingsFrom,
  type HeldComment,
  type ReviewSettings,
} from '../../comments/data/review';
import { call } from '../../../shared/store/firestoreWrites';
import {
  MODERATION_PAGE_SIZE,
  cursorAfter,
  startingAfter,
  type CommentsCursor,
} from './moderation';

/**
 * The administrator's reads for 'Held for review' (firestore.rules reviewSettings, heldComments),
 * through the write module's Firestore Lite as the rest of the view's. Its writes (approve,
 * reject, the club's choices) are the feed's commands.
 */

/** Where the next page of held comments starts: the last read one's time (exact) and id. */
export type HeldCursor = CommentsCursor;

export interface HeldPage {
  held: HeldComment[];
  next: HeldCursor | null;
}

/** The club's choices: one read of reviewSettings/current (none stored: nothing is held). */
export async function readReviewSettings(): Promise<ReviewSettings> {
  return call(async ({ sdk, db }) => {
    const snapshot = await sdk.getDoc(sdk.doc(db, REVIEW_SETTINGS, REVIEW_SETTINGS_ID));
    return reviewSettingsFrom(snapshot.data());
  });
}

/**
 * A page of held comments, oldest first (the order the club should answer them in), as many as a
 * page of the comment list: the rules allow a query of at most 50 and no offset, so the page after
 * starts after `after`. Ordered by `at` then id, which the single-field index serves.
 */
export async function readHeldComments(after: HeldCursor | null): Promise<HeldPage> {
  return call(async (store) => {
    const { sdk, db } = store;
    const snapshot = await sdk.getDocs(
      sdk.query(
        sdk.collection(db, HELD_COMMENTS),
        sdk.orderBy('at', 'asc'),
        sdk.orderBy(sdk.documentId(), 'asc'),
        ...startingAfter(store, after),
        sdk.limit(MODERATION_PAGE_SIZE),
      ),
    );
    const held = snapshot.docs.flatMap((doc) => {
      const decoded = heldCommentFrom(doc.id, (name) => doc.get(name));
      return decoded ? [decoded] : [];
    });
    return { held, next: cursorAfter(store, snapshot.docs) };
  });
}
