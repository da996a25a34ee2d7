import { POSTS } from '../../../shared/collections';
import type { NewPost, Post } from '../../../shared/posts/post';
import { postWords } from '../../../shared/posts/postWords';
import type { Store } from '../../../shared/store/firestoreWrites';
import { commitWithStamp } from '../../../shared/store/postStamp';

/**
 * The administrator's new post: the one recipe for it. The app's createPost (postWrites.ts) calls
 * it, and so do the scripts and tests that publish as the administrator on another device. It
 * loads none of the app's settings or UI, so Node runs it on a store of its own.
 */

/**
 * A new post as shown (`post`, with the id `id`) and as stored (`fields`). A post without a deal
 * status or deal has no `status` or `deal` key at all, as the spec's posts. Not marked: a new
 * post's summary holds its thread (absent, as the rules want it). The search words go to
 * Firestore only: a card never reads them.
 */
export function newPost(
  id: string,
  { status, deal, ...input }: NewPost,
): { post: Post; fields: Record<string, unknown> } {
  const shown = {
    ...input,
    ...(status && { status }),
    ...(deal && { deal: deal.id }),
    commentCount: 0,
    cardComments: [],
    created: Date.now(),
  };
  return {
    post: { id, ...shown, moreComments: false },
    // Not pinned: the feed's query orders by `pinned` first (postsQuery FIRST_PAGE_QUERY).
    fields: { ...shown, comments: [], pinned: false, words: postWords(input.title, input.content) },
  };
}

/** Publishes a post in no deal: the post and its stamp, in one commit. */
export async function publishPost(store: Store, input: Omit<NewPost, 'deal'>): Promise<Post> {
  const { sdk, db } = store;
  const ref = sdk.doc(sdk.collection(db, POSTS));
  const { post, fields } = newPost(ref.id, input);
  await commitWithStamp(store, ref.id, (batch) => batch.set(ref, fields));
  return post;
}
