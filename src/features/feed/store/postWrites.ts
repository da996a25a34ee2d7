import { CLUB_PIN, COMMENTS, POSTS } from '../../../shared/collections';
import { call, readAll } from '../../../shared/store/firestoreWrites';
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
export async function updatePost(id: string, { content, status, deal }: PostEdit): Promise<void> {
  return call(async (store) => {
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
  return call(({ sdk, db, ...store }) =>
    sdk.runTransaction(db, async (transaction) => {
      const pin = sdk.doc(db, CLUB_PIN);
      const before: unknown = (await transaction.get(pin)).get('post');
      const previous = typeof before === 'string' && before !== id ? before : null;
      // A pinned post deleted since is left as it is: the pin named no post.
      const unpin =
        previous !== null && (await transaction.get(sdk.doc(db, POSTS, previous))).exists();
      const written = [...(unpin ? [previous] : []), ...(id === null ? [] : [id])];
      for (const post of written) {
        transaction.update(sdk.doc(db, POSTS, post), {
          pinned: post === id ? true : sdk.deleteField(),
        });
        stampInTransaction({ sdk, db, ...store }, transaction, post);
      }
      transaction.set(pin, { post: id, at: sdk.serverTimestamp() });
      return written;
    }),
  );
}

/** Deletes a post with the moderation copies of its comments (at most 400: one commit). */
export async function deletePost(id: string): Promise<void> {
  return call(async (store) => {
    const { sdk, db } = store;
    const copies = await readAll(store, COMMENTS, sdk.where('postId', '==', id));
    await commitWithStamp(store, id, (batch) => {
      batch.delete(sdk.doc(db, POSTS, id));
      copies.forEach((copy) => batch.delete(copy.ref));
    });
  });
}
