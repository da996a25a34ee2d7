/**
 * What the app's users write from another device, for the benches: the administrator's post
 * written as the owner in the shape the app leaves it, with the post's change stamp, which open
 * pages poll; a fan's comment by the app's own recipe, as that fan.
 */
import { initializeApp } from 'firebase/app';
import { summariseComments } from '../../src/features/comments/data/commentList';
import { commitComment, type CommentAdded } from '../../src/features/feed/store/commentCommits';
import type { Comment } from '../../src/shared/posts/post';
import { toPost } from '../../src/shared/posts/postDecode';
import { postWords } from '../../src/shared/posts/postWords';
import { POSTS } from '../../src/shared/collections';
import type { Store } from '../../src/shared/store/firestoreWrites';
import { commitPostWrite, toFields, type OwnerClient } from './ownerClient';

/**
 * A post as the administrator publishes it (src/features/feed/store/postWrites.ts createPost),
 * without a deal.
 */
export async function publishElsewhere(
  client: OwnerClient,
  id: string,
  { title, content }: { title: string; content: string },
): Promise<void> {
  const post = { title, content, imageUrl: '', link: '', comments: [], created: Date.now() };
  await commitPostWrite(client, id, {
    update: {
      name: client.name(`posts/${id}`),
      fields: toFields({ ...post, ...summariseComments([]), words: postWords(title, content) }),
    },
    currentDocument: { exists: false },
  });
}

/** The emulator a fan's device writes to (the gate or the engine) and its project. */
export interface EmulatorTarget {
  /** e.g. http://127.0.0.1:8080 */
  firestoreUrl: string;
  projectId: string;
}

/**
 * A fan's comment as the app makes it, from the fan's own device: the app's comment recipe
 * (src/features/feed/store/commentCommits.ts commitComment) on a Lite SDK signed in on the
 * emulator as that fan (a Google account with a verified address, the only sign-in the product
 * offers), so the rules judge it as any fan's: the thread's document, its moderation copy, the
 * fan's rate-limit stamp and what counts it (the post's summary, the mark or a counter, with the
 * stamps open pages poll), in one commit. The post is read first (its title and summary, as the
 * page had them); the recipe reads it again when its summary moved meanwhile. The rules allow a
 * fan one comment per 10 s.
 */
export async function commentElsewhere(
  target: EmulatorTarget,
  postId: string,
  uid: string,
  comment: Comment,
): Promise<CommentAdded> {
  const store = await fanStore(target, uid, comment.user);
  const { sdk, db } = store;
  const stored = await sdk.getDoc(sdk.doc(db, POSTS, postId));
  if (!stored.exists()) throw new Error(`There is no post ${postId} to comment on`);
  const post = toPost(postId, stored.data());
  return commitComment(store, { postId, postTitle: post.title, view: post, comment, uid });
}

const fanStores = new Map<string, Store>();

/** A Lite SDK database on the emulator, signed in as the fan (one per fan, kept for the run). */
async function fanStore(target: EmulatorTarget, uid: string, email: string): Promise<Store> {
  const key = JSON.stringify([target.firestoreUrl, target.projectId, uid, email]);
  const known = fanStores.get(key);
  if (known) return known;
  // The recipe's own type of the SDK: the module as a dynamic import gives it.
  const sdk = await import('firebase/firestore/lite');
  const app = initializeApp(
    { projectId: target.projectId, apiKey: 'fake-api-key' },
    `fan-${fanStores.size}`,
  );
  const db = sdk.getFirestore(app);
  const { hostname, port } = new URL(target.firestoreUrl);
  const googlePersona = {
    sub: uid,
    email,
    email_verified: true,
    firebase: { sign_in_provider: 'google.com' as const },
  };
  sdk.connectFirestoreEmulator(db, hostname, Number(port), { mockUserToken: googlePersona });
  const store = { sdk, db };
  fanStores.set(key, store);
  return store;
}
