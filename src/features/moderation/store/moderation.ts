import { removeComment } from '../../feed/commands';
import { COMMENTS, SUSPENSIONS, toSuspension, type Suspension } from '../../comments';
import type { ModeratedComment } from '../data/moderation';
import { isRecord } from '../../../shared/rest/restDecode';
import {
  call,
  loadStore,
  readAll,
  type Snapshot,
  type Store,
} from '../../../shared/store/firestoreWrites';

/**
 * The administrator's moderation reads and writes,
 * through the write module's Firestore Lite (these reads need the signed-in account; the feed's
 * anonymous REST reads cannot make them). Loaded with the moderation view or after a sign-in.
 */

/** Which comments the moderation view lists: all, reported only, or one author's. */
export interface CommentFilter {
  reported: boolean;
  /** An author's account id, or null for every author. */
  uid: string | null;
}

/** Where the next page starts: the last listed copy's time (exact, as stored) and id. */
export interface CommentsCursor {
  seconds: number;
  nanoseconds: number;
  id: string;
}

export interface CommentsPage {
  comments: ModeratedComment[];
  next: CommentsCursor | null;
}

/** How many comments a moderation page lists, as the feed's pages. */
export const MODERATION_PAGE_SIZE = 35;

type Constraint = Parameters<Store['sdk']['query']>[1];

/**
 * The one query of the moderation list: the filter's copies, newest first (composite indexes in
 * firestore.indexes.json), a page at most, narrowed by `range` (newer than a time) or started
 * after `cursor` (which the SDK takes only after the orders).
 */
async function readPage(
  store: Store,
  filter: CommentFilter,
  { range = [], cursor = [] }: { range?: Constraint[]; cursor?: Constraint[] },
) {
  const { sdk, db } = store;
  const snapshot = await sdk.getDocs(
    sdk.query(
      sdk.collection(db, COMMENTS),
      ...(filter.reported ? [sdk.where('reported', '==', true)] : []),
      ...(filter.uid === null ? [] : [sdk.where('uid', '==', filter.uid)]),
      ...range,
      sdk.orderBy('at', 'desc'),
      sdk.orderBy(sdk.documentId(), 'desc'),
      ...cursor,
      sdk.limit(MODERATION_PAGE_SIZE),
    ),
  );
  const comments = snapshot.docs.flatMap((doc) => toModerated(store, doc.id, doc.data()));
  return { snapshot, comments };
}

/** Where the page after `after` starts (none: the first page), as a query constraint. */
export function startingAfter({ sdk }: Store, after: CommentsCursor | null) {
  return after
    ? [sdk.startAfter(new sdk.Timestamp(after.seconds, after.nanoseconds), after.id)]
    : [];
}

/** The cursor after a full page (its last document's `at` and id), or null: there is no more. */
export function cursorAfter({ sdk }: Store, docs: readonly Snapshot[]): CommentsCursor | null {
  const last = docs.at(-1);
  const at: unknown = last?.get('at');
  return last && at instanceof sdk.Timestamp && docs.length === MODERATION_PAGE_SIZE
    ? { seconds: at.seconds, nanoseconds: at.nanoseconds, id: last.id }
    : null;
}

/** A page of comment copies, newest first. */
export async function readComments(
  filter: CommentFilter,
  after: CommentsCursor | null,
): Promise<CommentsPage> {
  return call(async (store) => {
    const cursor = startingAfter(store, after);
    const { snapshot, comments } = await readPage(store, filter, { cursor });
    return { comments, next: cursorAfter(store, snapshot.docs) };
  });
}

/**
 * The copies written after `since` (ms), newest first, at most a page: what the view adds when
 * the feed's live check saw a post change. Costs nothing when the check saw none.
 */
export async function readNewerComments(
  filter: CommentFilter,
  since: number,
): Promise<ModeratedComment[]> {
  return call(async (store) => {
    const newer = store.sdk.where('at', '>', store.sdk.Timestamp.fromMillis(since));
    return (await readPage(store, filter, { range: [newer] })).comments;
  });
}

function toModerated({ sdk }: Store, id: string, data: unknown): ModeratedComment[] {
  if (!isRecord(data)) return [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const at = data.at instanceof sdk.Timestamp ? data.at.toMillis() : 0;
  return [
    {
      id,
      postId: text(data.postId),
      postTitle: text(data.postTitle),
      user: text(data.user),
      uid: text(data.uid),
      text: text(data.text),
      date: text(data.date),
      at,
      reports: typeof data.reports === 'number' ? data.reports : 0,
    },
  ];
}

/**
 * Removes a listed comment from its post's thread with its moderation copy (the comment recipe's
 * removal: one read and one commit). A comment whose post was deleted has only its documents left
 * to remove, and goes too.
 */
export async function removeListedComment(comment: ModeratedComment): Promise<void> {
  const { user, text, date } = comment;
  await removeComment(comment.postId, { user, text, date });
}

/** 'Dismiss reports': the comment stays, its open reports go back to none. */
export async function dismissReports(id: string): Promise<void> {
  return call(({ sdk, db }) =>
    sdk.updateDoc(sdk.doc(db, COMMENTS, id), { reports: 0, reported: false }),
  );
}

/**
 * Suspends an account until `until` (ms) or for good (null); with `removeAll`, every comment it
 * wrote goes too, on every post (one commit a comment: the rules take one comment at a time).
 */
export async function suspend({ uid, user, until }: Suspension, removeAll: boolean): Promise<void> {
  await call(({ sdk, db }) =>
    sdk.setDoc(sdk.doc(db, SUSPENSIONS, uid), {
      user,
      until: until === null ? null : sdk.Timestamp.fromMillis(until),
      at: sdk.serverTimestamp(),
    }),
  );
  if (!removeAll) return;
  const copies = await call((store) => readAll(store, COMMENTS, store.sdk.where('uid', '==', uid)));
  for (const copy of copies) {
    const comment = toModerated(await loadStore(), copy.id, copy.data());
    for (const listed of comment) await removeListedComment(listed);
  }
}

/** Lifts a suspension: the account may comment and report again. */
export async function liftSuspension(uid: string): Promise<void> {
  return call(({ sdk, db }) => sdk.deleteDoc(sdk.doc(db, SUSPENSIONS, uid)));
}

/** Every suspension (the administrator's view), by account id. */
export async function readSuspensions(): Promise<Map<string, Suspension>> {
  return call(async (store) => {
    const docs = await readAll(store, SUSPENSIONS);
    return new Map(docs.map((doc) => [doc.id, toSuspension(store, doc.id, doc.data())]));
  });
}
