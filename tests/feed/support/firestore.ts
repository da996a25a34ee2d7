import { config } from '../../../src/config';
import { TEST_FIRESTORE_HOST } from '../../support/ports';

/**
 * The test's side door into the Firestore emulator: clear, seed and read the worker's project
 * over REST with the emulator's owner credential (never subject to the rules).
 */
export interface SeedPost {
  title: string;
  content: string;
  imageUrl: string;
  link: string;
  comments: { user: string; text: string; date: string }[];
  created: number;
}

export interface StoredPost extends SeedPost {
  id: string;
}

const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** The emulator itself, also when a test points the app at a proxy in front of it. */
export function emulatorOrigin(): string {
  return `http://${TEST_FIRESTORE_HOST}`;
}

function documentsPath(): string {
  return `projects/${config.firebase.projectId}/databases/(default)/documents`;
}

let sequence = 0;

/** A post with sensible defaults; `created` decreases with each call, so builders list newest first. */
export function buildPost(overrides: Partial<SeedPost> = {}): SeedPost {
  sequence += 1;
  return {
    title: `Transfer story ${sequence}`,
    content: `Details of transfer story ${sequence}.`,
    imageUrl: '',
    link: '',
    comments: [],
    created: Date.UTC(2025, 0, 1) - sequence * 60_000,
    ...overrides,
  };
}

/** `count` posts, newest first, titled 'Post 1' (newest) … 'Post n'. */
export function buildPosts(count: number, now = Date.now()): SeedPost[] {
  return Array.from({ length: count }, (_, index) =>
    buildPost({
      title: `Post ${index + 1}`,
      content: `Content of post ${index + 1}.`,
      created: now - (index + 1) * 3_600_000,
    }),
  );
}

export async function clearFirestore(): Promise<void> {
  const response = await fetch(`${emulatorOrigin()}/emulator/v1/${documentsPath()}`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`Clearing Firestore failed: ${response.status}`);
}

/** Writes the posts; returns them with their ids, in the order given. */
export async function seedPosts(posts: SeedPost[]): Promise<StoredPost[]> {
  const stored = posts.map((post, index) => ({
    ...post,
    id: `seed${String(index).padStart(4, '0')}x${sequence}`,
  }));
  const writes = stored.map((post) => ({
    update: { name: `${documentsPath()}/posts/${post.id}`, fields: encodePost(post) },
  }));
  for (let start = 0; start < writes.length; start += 400) {
    await ownerCall('commit', { writes: writes.slice(start, start + 400) });
  }
  return stored;
}

export async function readPosts(): Promise<StoredPost[]> {
  const results = await ownerCall('runQuery', {
    structuredQuery: {
      from: [{ collectionId: 'posts' }],
      orderBy: [{ field: { fieldPath: 'created' }, direction: 'DESCENDING' }],
    },
  });
  if (!Array.isArray(results)) throw new Error('runQuery answered with something else');
  return results.flatMap((result: { document?: { name: string; fields: Fields } }) =>
    result.document ? [decodePost(result.document.name, result.document.fields)] : [],
  );
}

export async function readPost(id: string): Promise<StoredPost | null> {
  return (await readPosts()).find((post) => post.id === id) ?? null;
}

/** Deletes a post behind the app's back, as the administrator on another device would. */
export async function deleteStoredPost(id: string): Promise<void> {
  await ownerCall('commit', { writes: [{ delete: `${documentsPath()}/posts/${id}` }] });
}

/** Forgets when each account last commented, as if the rate limit's 10 seconds had passed. */
export async function forgetCommentTimes(): Promise<void> {
  const results = await ownerCall('runQuery', {
    structuredQuery: { from: [{ collectionId: 'commenters' }] },
  });
  if (!Array.isArray(results)) throw new Error('runQuery answered with something else');
  const writes = results.flatMap((result: { document?: { name: string } }) =>
    result.document ? [{ delete: result.document.name }] : [],
  );
  if (writes.length > 0) await ownerCall('commit', { writes });
}

async function ownerCall(method: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${emulatorOrigin()}/v1/${documentsPath()}:${method}`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return json;
}

type Fields = Record<string, FirestoreValue>;
interface FirestoreValue {
  stringValue?: string;
  integerValue?: string;
  arrayValue?: { values?: FirestoreValue[] };
  mapValue?: { fields?: Fields };
}

function encodePost(post: SeedPost): Fields {
  const text = (value: string) => ({ stringValue: value });
  return {
    title: text(post.title),
    content: text(post.content),
    imageUrl: text(post.imageUrl),
    link: text(post.link),
    created: { integerValue: String(post.created) },
    comments: {
      arrayValue: {
        values: post.comments.map((comment) => ({
          mapValue: {
            fields: {
              user: text(comment.user),
              text: text(comment.text),
              date: text(comment.date),
            },
          },
        })),
      },
    },
  };
}

function decodePost(name: string, fields: Fields): StoredPost {
  const text = (key: string) => fields[key]?.stringValue ?? '';
  return {
    id: name.slice(name.lastIndexOf('/') + 1),
    title: text('title'),
    content: text('content'),
    imageUrl: text('imageUrl'),
    link: text('link'),
    created: Number(fields.created?.integerValue ?? Number.NaN),
    comments: (fields.comments?.arrayValue?.values ?? []).map((value) => {
      const comment = value.mapValue?.fields ?? {};
      return {
        user: comment.user?.stringValue ?? '',
        text: comment.text?.stringValue ?? '',
        date: comment.date?.stringValue ?? '',
      };
    }),
  };
}
