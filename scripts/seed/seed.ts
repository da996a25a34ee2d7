import { randomBytes } from 'node:crypto';
import { ownerClient, toFields, type OwnerClient } from '../lib/ownerClient';
import { postWords } from '../../src/shared/posts/postWords';
import { CLUB_PIN } from '../../src/shared/collections';
import { DEALS } from '../../src/features/deals/data/deal';
import { demoDeals } from './demoDeals';
import { buildDemoFeed } from './demoFeed';
import { commentTime, demoUid, type DemoPost } from './demoPosts';
import { seededThread } from './seededThread';
import { WRITES_PER_COMMIT } from '../../src/shared/store/firestoreLimits';

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
 * their comments as the app's recipe lays them out (seededThread.ts: `comments: []` on the post,
 * a thread document and a moderation copy per comment, `at` the comment's time, and the counters
 * of a thread longer than the card's), the deals they name (deals/{id} as the rules would have
 * left them, demoDeals), and the pin naming a post marked pinned (clubPin/current, as the rules
 * require beside it), as the owner (seeding is not subject to the rules). `uidOf` names each
 * comment author's account.
 */
/** A demo post's comments as the seed lays them out: each at its time, by its author's account. */
export function seededComments(post: DemoPost, uidOf: (email: string) => string = demoUid) {
  const count = post.comments.length;
  return post.comments.map((comment, index) => ({
    comment,
    at: new Date(commentTime(post.created, index, count)),
    uid: uidOf(comment.user),
  }));
}

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
    const thread = await seededThread(client, postId, post.title, seededComments(post, uidOf));
    writes.push({
      update: {
        name: client.name(`posts/${postId}`),
        fields: toFields({
          ...post,
          ...thread.summary,
          pinned: post.pinned === true, // every post has it: the feed's query orders by it
          words: postWords(post.title, post.content),
        }),
      },
      currentDocument: { exists: false },
    });
    writes.push(...thread.writes);
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
  await commitConcurrently(client, writes);
  return posts.length;
}

/** Commits in flight at once: Google's engine commits about twice as fast so as one at a time. */
const COMMITS_AT_ONCE = 8;

/**
 * Commits `writes` WRITES_PER_COMMIT at a time, COMMITS_AT_ONCE commits at once: the deadline-day
 * feed is some 27,000 writes, which one commit after another took over 30 s on a 2-core machine
 * (about 15 s so). Each commit is
 * atomic, the whole is not (nothing reads the feed while it is seeded), and owner writes are
 * judged by no rule, so their order does not matter.
 */
async function commitConcurrently(client: OwnerClient, writes: unknown[]): Promise<void> {
  const batches: unknown[][] = [];
  for (let start = 0; start < writes.length; start += WRITES_PER_COMMIT) {
    batches.push(writes.slice(start, start + WRITES_PER_COMMIT));
  }
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) await client.commit(batch);
  };
  await Promise.all(Array.from({ length: COMMITS_AT_ONCE }, worker));
}

/** Same alphabet and length as the SDK's auto ids. */
function autoId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}
