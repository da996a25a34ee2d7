import { randomBytes } from 'node:crypto';
import { ownerClient, toFields } from '../lib/ownerClient';
import { buildDemoPosts, type DemoPost } from './demoPosts';

export interface SeedTarget {
  /** e.g. http://127.0.0.1:8080 */
  firestoreUrl: string;
  projectId: string;
}

/** Firestore takes at most 500 writes a commit. */
const WRITES_PER_COMMIT = 500;

/** Writes the demo posts unless the project already has posts. Returns how many were written. */
export async function seedIfEmpty(target: SeedTarget, now = Date.now()): Promise<number> {
  const client = ownerClient(target.firestoreUrl, target.projectId);
  const existing = await client.runQuery({ from: [{ collectionId: 'posts' }], limit: 1 });
  if (existing.length > 0) return 0;
  return writePosts(target, buildDemoPosts(now));
}

/** Writes the posts under new auto ids, as the owner (seeding is not subject to the rules). */
export async function writePosts(target: SeedTarget, posts: DemoPost[]): Promise<number> {
  const client = ownerClient(target.firestoreUrl, target.projectId);
  const writes = posts.map((post) => ({
    update: { name: client.name(`posts/${autoId()}`), fields: toFields(post) },
    currentDocument: { exists: false },
  }));
  for (let start = 0; start < writes.length; start += WRITES_PER_COMMIT) {
    await client.commit(writes.slice(start, start + WRITES_PER_COMMIT));
  }
  return posts.length;
}

/** Same alphabet and length as the SDK's auto ids. */
function autoId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}
