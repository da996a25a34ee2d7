import { randomBytes } from 'node:crypto';
import { commentCopy } from '../lib/commentCopy';
import { commitInBatches, ownerClient, toFields } from '../lib/ownerClient';
import { summariseComments } from '../../src/features/comments/data/commentList';
import { postWords } from '../../src/features/posts/data/postWords';
import { CLUB_PIN } from '../../src/shared/collections';
import { DEALS } from '../../src/features/deals/data/deal';
import { demoDeals } from './demoDeals';
import { buildDemoFeed } from './demoFeed';
import { commentTime, demoUid, type DemoPost } from './demoPosts';

export interface SeedTarget {
  /** e.g. http://127.0.0.1:8080 */
  firestoreUrl: string;
  projectId: string;
}

/**
 * Writes the demo feed (the demo posts and a pinned one) unless the project already has posts.
 * Returns how many were written.
 */
export async function seedIfEmpty(target: SeedTarget, now = Date.now()): Promise<number> {
  const client = ownerClient(target.firestoreUrl, target.projectId);
  const existing = await client.runQuery({ from: [{ collectionId: 'posts' }], limit: 1 });
  if (existing.length > 0) return 0;
  return writePosts(target, buildDemoFeed(now));
}

/**
 * Deletes every document of the project (posts, their change stamps, comment copies, reports,
 * deals, commenters, suspensions: the emulator's clear endpoint) and writes `posts` as writePosts
 * does. Auth accounts are the Auth emulator's and stay. Returns how many posts were written.
 */
export async function replaceFeed(target: SeedTarget, posts: DemoPost[]): Promise<number> {
  await ownerClient(target.firestoreUrl, target.projectId).clear();
  return writePosts(target, posts);
}

/**
 * Writes the posts under new auto ids, with their search words (postWords, as the app writes them),
 * the moderation copy comments/{id} of each comment (as firestore.rules has a client write it: same
 * fields, `at` the comment's time) and the deals they name (deals/{id} as the rules would have left
 * them, demoDeals), and the pin naming a post marked pinned (clubPin/current, as the rules require
 * beside it), as the owner (seeding is not subject to the rules). `uidOf` names each comment
 * author's account.
 */
export async function writePosts(
  target: SeedTarget,
  posts: DemoPost[],
  uidOf: (email: string) => string = demoUid,
): Promise<number> {
  const client = ownerClient(target.firestoreUrl, target.projectId);
  const writes = [];
  const ids = posts.map(() => autoId());
  for (const [n, post] of posts.entries()) {
    const postId = ids[n];
    writes.push({
      update: {
        name: client.name(`posts/${postId}`),
        fields: toFields({
          ...post,
          ...summariseComments(post.comments),
          words: postWords(post.title, post.content),
        }),
      },
      currentDocument: { exists: false },
    });
    // A comment stored twice has one copy (its id is the comment's hash): a map keeps one.
    const copies = new Map<string, Record<string, unknown>>();
    for (const [n, comment] of post.comments.entries()) {
      const copy = await commentCopy(postId, post.title, uidOf(comment.user), comment);
      copies.set(copy.id, {
        ...copy.fields,
        at: new Date(commentTime(post.created, n, post.comments.length)),
      });
    }
    for (const [id, fields] of copies) {
      writes.push({ update: { name: client.name(`comments/${id}`), fields: toFields(fields) } });
    }
  }
  const pinned = posts.findIndex((post) => post.pinned);
  if (pinned >= 0) {
    const fields = toFields({ post: ids[pinned], at: new Date(posts[pinned].created) });
    writes.push({ update: { name: client.name(CLUB_PIN), fields } });
  }
  for (const { id, changed, ...summary } of demoDeals(posts, ids)) {
    const fields = toFields({ ...summary, changed: new Date(changed) });
    writes.push({ update: { name: client.name(`${DEALS}/${id}`), fields } });
  }
  await commitInBatches(client, writes);
  return posts.length;
}

/** Same alphabet and length as the SDK's auto ids. */
function autoId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}
