import { randomBytes } from 'node:crypto';
import type { Value } from '../../emulator/model';
import { buildDemoPosts, type DemoPost } from './demoPosts';

export interface SeedTarget {
  /** e.g. http://127.0.0.1:8080 */
  firestoreUrl: string;
  projectId: string;
}

/** Writes the demo posts unless the project already has posts. Returns how many were written. */
export async function seedIfEmpty(target: SeedTarget, now = Date.now()): Promise<number> {
  if (await hasPosts(target)) return 0;
  return writePosts(target, buildDemoPosts(now));
}

export async function writePosts(target: SeedTarget, posts: DemoPost[]): Promise<number> {
  const writes = posts.map((post) => ({
    update: { name: `${documentsRoot(target.projectId)}/posts/${autoId()}`, fields: encode(post) },
    currentDocument: { exists: false },
  }));
  await ownerRequest(target, 'commit', { writes });
  return posts.length;
}

async function hasPosts(target: SeedTarget): Promise<boolean> {
  const results = await ownerRequest(target, 'runQuery', {
    structuredQuery: { from: [{ collectionId: 'posts' }], limit: 1 },
  });
  return (
    Array.isArray(results) &&
    results.some((entry) => typeof entry === 'object' && entry !== null && 'document' in entry)
  );
}

async function ownerRequest(target: SeedTarget, method: string, body: unknown): Promise<unknown[]> {
  const url = `${target.firestoreUrl}/v1/${documentsRoot(target.projectId)}:${method}`;
  // "Bearer owner" is the emulators' admin credential: seeding is not subject to the rules.
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`Seeding failed (${method}): ${JSON.stringify(json)}`);
  return Array.isArray(json) ? json : [json];
}

function documentsRoot(projectId: string): string {
  return `projects/${projectId}/databases/(default)/documents`;
}

/** Same alphabet and length as the SDK's auto ids. */
function autoId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}

function encode(post: DemoPost): Record<string, Value> {
  return {
    title: { stringValue: post.title },
    content: { stringValue: post.content },
    imageUrl: { stringValue: post.imageUrl },
    link: { stringValue: post.link },
    created: { integerValue: String(post.created) },
    comments: {
      arrayValue: {
        values: post.comments.map((comment) => ({
          mapValue: {
            fields: {
              user: { stringValue: comment.user },
              text: { stringValue: comment.text },
              date: { stringValue: comment.date },
            },
          },
        })),
      },
    },
  };
}
