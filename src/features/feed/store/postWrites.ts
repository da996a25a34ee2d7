import { CLUB_PIN, COMMENTS, POSTS } from '../../../shared/collections';
import { COUNTERS, LIKES, LIKE_COUNTERS, THREAD } from '../../comments/data/commentCopies';
import { HELD_COMMENTS } from '../../comments/data/review';
import { call, readAll, type Batch, type Store } from '../../../shared/store/firestoreWrites';
import { WRITES_PER_COMMIT } from '../../../shared/store/firestoreLimits';
import { retryingRead } from '../../../shared/rest/retryingRead';
import { commitWithStamp, stampInTransaction } from '../../../shared/store/postStamp';
import { writeDealSummary } from '../../deals';
import type { NewPost, Post, PostEdit } from '../../../shared/posts/post';
import { toPost } from '../../../shared/posts/postDecode';
import { postWords } from '../../../shared/posts/postWords';
import { newPost, publishPost } from './postCreation';

/** The administrator's writes of posts: create, edit, close comments, pin, delete. */

/**
 * A new post (postCreation.ts's recipe). A post in a deal is written in a transaction with the
 * deal's summary (writeDealSummary).
 */
export async function createPost(input: NewPost): Promise<Post> {
  const { deal } = input;
  if (!deal) return call((store) => publishPost(store, input));
  return call(async (store) => {
    const { sdk, db } = store;
    const ref = sdk.doc(sdk.collection(db, POSTS));
    const { post, fields } = newPost(ref.id, input);
    await sdk.runTransaction(db, async (transaction) => {
      const summarise = await writeDealSummary(store, transaction, deal, ref.id, input.status);
      transaction.set(ref, fields);
      stampInTransaction(store, transaction, ref.id);
      summarise();
    });
    return post;
  });
}

/**
 * The editor's one write: the content (and the search words made from it and the title), and the
 * deal status and the deal, each set, changed or removed (none). When the deal or the status
 * changes, the deal's summary is written in the same transaction; an edit of the content alone
 * leaves the deal as it is.
 */
export async function updatePost(id: string, edit: PostEdit): Promise<void> {
  return call((store) => commitEdit(store, id, edit));
}

/** The edit's recipe, on any store (updatePost; tests' edits made elsewhere). */
export async function commitEdit(
  store: Store,
  id: string,
  { content, status, deal }: PostEdit,
): Promise<void> {
  const { sdk, db } = store;
  const ref = sdk.doc(db, POSTS, id);
  await sdk.runTransaction(db, async (transaction) => {
    const before = toPost(id, (await transaction.get(ref)).data());
    const moves = deal && (before.deal !== deal.id || before.status !== status);
    const summarise = moves ? await writeDealSummary(store, transaction, deal, id, status) : null;
    transaction.update(ref, {
      content,
      words: postWords(before.title, content),
      status: status ?? sdk.deleteField(),
      deal: deal?.id ?? sdk.deleteField(),
    });
    stampInTransaction(store, transaction, id);
    summarise?.();
  });
}

/** The administrator closes a post's comments, or opens them again. */
export async function setCommentsClosed(postId: string, closed: boolean): Promise<void> {
  return call((store) =>
    commitWithStamp(store, postId, (batch) =>
      batch.update(store.sdk.doc(store.db, POSTS, postId), {
        closed: closed ? true : store.sdk.deleteField(),
      }),
    ),
  );
}

/**
 * Pins post `id` on top of the feed (null: unpins), unpinning the post pinned before in the same
 * commit: the rules require both, so two posts are never pinned. Every post written is stamped, so
 * open pages see the move. Returns the ids of the posts written.
 */
export async function pinPost(id: string | null): Promise<string[]> {
  return call((store) => commitPin(store, id));
}

/** The pin's recipe, on any store (pinPost; tests' pins made elsewhere). */
export async function commitPin(
  { sdk, db, ...store }: Store,
  id: string | null,
): Promise<string[]> {
  return sdk.runTransaction(db, async (transaction) => {
    const pin = sdk.doc(db, CLUB_PIN);
    const before: unknown = (await transaction.get(pin)).get('post');
    const previous = typeof before === 'string' && before !== id ? before : null;
    // A pinned post deleted since is left as it is: the pin named no post.
    const unpin =
      previous !== null && (await transaction.get(sdk.doc(db, POSTS, previous))).exists();
    const written = [...(unpin ? [previous] : []), ...(id === null ? [] : [id])];
    for (const post of written) {
      transaction.update(sdk.doc(db, POSTS, post), {
        // false, not removed: the feed's query leaves out posts without `pinned`.
        pinned: post === id,
      });
      stampInTransaction({ sdk, db, ...store }, transaction, post);
    }
    transaction.set(pin, { post: id, at: sdk.serverTimestamp() });
    return written;
  });
}

/** Deletes a post for every reader at once (clearThread then clears its thread). */
export async function deletePost(id: string): Promise<void> {
  return call((store) => commitDeletion(store, id));
}

/** The deletion's recipe, on any store: the post and its stamp, in one commit. */
export async function commitDeletion(store: Store, id: string): Promise<void> {
  await commitWithStamp(store, id, (batch) => batch.delete(store.sdk.doc(store.db, POSTS, id)));
}

/**
 * What only a deleted post's thread held, cleared (clearDeletedThread). Each try goes on from
 * what the last left, so it is retried on a passing failure as a read is.
 */
export async function clearThread(id: string): Promise<void> {
  return retryingRead(() => call((store) => clearDeletedThread(store, id)));
}

/**
 * The recipe: a deleted post's comments with their moderation copies (a copy has its comment's
 * id), then what is left: copies of comments an earlier version listed on the post, the thread's
 * counters, its likes with their counters, and the comments held for review on it. The rules allow
 * it once the post is gone. About one read a comment: a thread of 10,000 is 200 page reads and 40
 * commits.
 */
export async function clearDeletedThread(store: Store, id: string): Promise<void> {
  const { sdk, db } = store;
  const thread = await readAll(store, `${POSTS}/${id}/${THREAD}`);
  await deleteAll(
    store,
    thread.flatMap(({ ref }) => [ref, sdk.doc(db, COMMENTS, ref.id)]),
  );
  const [copies, counters, likes, likeCounters, held] = await Promise.all([
    readAll(store, COMMENTS, sdk.where('postId', '==', id)),
    sdk.getDocs(sdk.collection(db, POSTS, id, COUNTERS)),
    readAll(store, `${POSTS}/${id}/${LIKES}`),
    readAll(store, `${POSTS}/${id}/${LIKE_COUNTERS}`),
    readAll(store, HELD_COMMENTS, sdk.where('postId', '==', id)),
  ]);
  await deleteAll(
    store,
    [...copies, ...counters.docs, ...likes, ...likeCounters, ...held].map(({ ref }) => ref),
  );
}

type DocumentRef = Parameters<Batch['delete']>[0];

/** Deletes the documents, 500 a commit (Firestore's most), one commit after another. */
async function deleteAll({ sdk, db }: Store, documents: DocumentRef[]): Promise<void> {
  for (let start = 0; start < documents.length; start += WRITES_PER_COMMIT) {
    const batch = sdk.writeBatch(db);
    for (const ref of documents.slice(start, start + WRITES_PER_COMMIT)) batch.delete(ref);
    await batch.commit();
  }
}
