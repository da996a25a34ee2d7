/**
 * What the app's users write from another device, for the benches and tests, by the app's own
 * recipes on a Lite SDK signed in on the emulator as that user, so the rules judge each write as
 * the app's: the administrator's post, and a fan's comment.
 */
import { fileURLToPath } from 'node:url';
import { initializeApp } from 'firebase/app';
import { publishPost } from '../../src/features/feed/store/postCreation';
import { commitFanComment, type FanCommented } from '../../src/features/feed/store/heldCommits';
import {
  commitLike,
  readLikeView,
  type LikeCommitted,
} from '../../src/features/feed/store/likeCommits';
import type { Comment, Post } from '../../src/shared/posts/post';
import { toPost } from '../../src/shared/posts/postDecode';
import { POSTS } from '../../src/shared/collections';
import type { Store } from '../../src/shared/store/firestoreWrites';
import { readAdminEmail } from './adminEmail';

/**
 * A post in no deal, without a picture or link, as the administrator publishes it on another
 * device (src/features/feed/store/postCreation.ts publishPost), with its change stamp, which open
 * pages poll. Returns it with the id Firestore gave it. The administrator's address is the rules'
 * (adminEmail()), read from firestore.rules unless given.
 */
export async function publishElsewhere(
  target: EmulatorTarget,
  { title, content }: { title: string; content: string },
  adminEmail = readAdminEmail(fileURLToPath(new URL('../../firestore.rules', import.meta.url))),
): Promise<Post> {
  const store = await signedInStore(target, 'administrator-elsewhere', adminEmail);
  return publishPost(store, { title, content, imageUrl: '', link: '' });
}

/** The emulator a fan's device writes to (the gate or the engine) and its project. */
export interface EmulatorTarget {
  /** e.g. http://127.0.0.1:8080 */
  firestoreUrl: string;
  projectId: string;
}

/**
 * A fan's comment as the app makes it, from the fan's own device: the app's comment recipe
 * (src/features/feed/store/heldCommits.ts commitFanComment: held when the club holds it for
 * review, else commentCommits.ts commitComment) on a Lite SDK signed in on the
 * emulator as that fan (a Google account with a verified address, the only sign-in the product
 * offers), so the rules judge it as any fan's: the thread's document, its moderation copy, the
 * fan's rate-limit stamp and what counts it (the post's summary, the mark or a counter, with the
 * stamps open pages poll), in one commit. The post is read first (its title and summary, as the
 * page had them); the recipe reads it again when its summary moved meanwhile. The rules allow a
 * fan one comment per 10 s. `replyTo`: the id of the comment it answers, for a reply.
 */
export async function commentElsewhere(
  target: EmulatorTarget,
  postId: string,
  uid: string,
  comment: Comment,
  replyTo?: string,
): Promise<FanCommented> {
  const store = await signedInStore(target, uid, comment.user);
  const { sdk, db } = store;
  const stored = await sdk.getDoc(sdk.doc(db, POSTS, postId));
  if (!stored.exists()) throw new Error(`There is no post ${postId} to comment on`);
  const post = toPost(postId, stored.data());
  const write = { postId, postTitle: post.title, view: post, comment, uid, replyTo };
  return commitFanComment(store, write);
}

/**
 * The fan `email` likes (or takes back, `liked` false) thread document `commentId` of post
 * `postId` on another device, by the app's recipe (likeCommits.ts commitLike) from the comment as
 * read there.
 */
export async function likeElsewhere(
  target: EmulatorTarget,
  postId: string,
  commentId: string,
  email: string,
  liked = true,
): Promise<LikeCommitted> {
  const uid = `uid-of-${email}`;
  const store = await signedInStore(target, uid, email);
  const view = await readLikeView(store, postId, commentId);
  if (!view) throw new Error(`There is no comment ${commentId} to like`);
  return commitLike(store, { postId, commentId, uid, liked, view });
}

const stores = new Map<string, Store>();

/**
 * A Lite SDK database on the emulator, signed in as the Google account `email` (one per account,
 * kept for the run).
 */
export async function signedInStore(
  target: EmulatorTarget,
  uid: string,
  email: string,
): Promise<Store> {
  const key = JSON.stringify([target.firestoreUrl, target.projectId, uid, email]);
  const known = stores.get(key);
  if (known) return known;
  // The recipe's own type of the SDK: the module as a dynamic import gives it.
  const sdk = await import('firebase/firestore/lite');
  const app = initializeApp(
    { projectId: target.projectId, apiKey: 'fake-api-key' },
    `elsewhere-${stores.size}`,
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
  stores.set(key, store);
  return store;
}
