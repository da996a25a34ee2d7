/**
 * Comments as the app commits them (src/features/feed/store/commentCommits.ts), for the rules
 * tests: the recipe itself on a harness client (`storeOf`), and the recipe with one piece of its
 * commit changed (`tampered`), so that an attack differs from its legitimate twin in exactly what
 * it names. The thread's states are seeded as the owner (the rules disabled).
 */
import * as sdk from 'firebase/firestore/lite';
import type { DocumentData, Firestore } from 'firebase/firestore/lite';
import {
  commitComment,
  readThreadView,
  type CommentAdded,
  type CommentWrite,
} from '../../src/features/feed/store/commentCommits';
import { commentId } from '../../src/features/comments/data/commentCopies';
import type { Comment } from '../../src/shared/posts/post';
import { LIMITS } from '../../src/shared/limits';
import type { Store } from '../../src/shared/store/firestoreWrites';
import { googleUser, newPost, type Harness, type Persona } from './harness';
import { comment, TITLE } from './fixtures';

/** The recipe's store on `persona`'s client (null: a visitor). */
export function storeOf(harness: Harness, persona: Persona | null): Store {
  return { sdk, db: harness.client(persona) };
}

/** Fan n: a verified Google account of their own (each comments once without a rate limit). */
export const fan = (n: number) => googleUser(`fan-${n}`, `fan${n}@example.test`);

/** One write of a commit, as the recipe made it: the document's path and what it writes. */
export interface Write {
  op: 'set' | 'update' | 'delete';
  path: string;
  data?: DocumentData;
  merge?: boolean;
}

/** A change to the recipe's commit: its writes in, the writes to commit out. */
export type Tamper = (writes: Write[]) => Write[];

/**
 * The recipe's store whose batches commit `tamper(writes)` instead of the recipe's writes. Every
 * commit the recipe makes again (a refusal it retries) is changed alike.
 */
export function tampered(store: Store, tamper: Tamper): Store {
  const writeBatch = (db: Firestore) => {
    const batch = sdk.writeBatch(db);
    const original = {
      set: batch.set.bind(batch),
      update: batch.update.bind(batch),
      delete: batch.delete.bind(batch),
      commit: batch.commit.bind(batch),
    };
    const writes: Write[] = [];
    const record = (write: Write) => {
      writes.push(write);
      return batch;
    };
    return Object.assign(batch, {
      set: (ref: sdk.DocumentReference, data: DocumentData, options?: sdk.SetOptions) =>
        record({
          op: 'set',
          path: ref.path,
          data,
          merge: options !== undefined && 'merge' in options,
        }),
      update: (ref: sdk.DocumentReference, data: DocumentData) =>
        record({ op: 'update', path: ref.path, data }),
      delete: (ref: sdk.DocumentReference) => record({ op: 'delete', path: ref.path }),
      commit: () => {
        for (const write of tamper(writes)) {
          const ref = sdk.doc(db, write.path);
          if (write.op === 'delete') original.delete(ref);
          else if (write.op === 'update') original.update(ref, write.data ?? {});
          else original.set(ref, write.data ?? {}, write.merge ? { merge: true } : {});
        }
        return original.commit();
      },
    });
  };
  return { sdk: { ...sdk, writeBatch }, db: store.db };
}

/** Which document a write is to. */
export const PATHS = {
  post: (path: string) => /^posts\/[^/]+$/.test(path),
  thread: (path: string) => /^posts\/[^/]+\/comments\/[^/]+$/.test(path),
  counter: (path: string) => /^posts\/[^/]+\/commentCounts\/[^/]+$/.test(path),
  copy: (path: string) => /^comments\/[^/]+$/.test(path),
  commenter: (path: string) => /^commenters\/[^/]+$/.test(path),
  stamp: (path: string) => /^postChanges\/[^/]+$/.test(path),
};
type Which = (path: string) => boolean;

/** The commit without the writes to `which`. */
export const drop =
  (which: Which): Tamper =>
  (writes) =>
    writes.filter((write) => !which(write.path));

/** The commit with the data written to `which` changed by `change` (fields over it, or none). */
export const edit =
  (which: Which, change: (data: DocumentData) => DocumentData): Tamper =>
  (writes) =>
    writes.map((write) =>
      which(write.path) ? { ...write, data: change(write.data ?? {}) } : write,
    );

/** The commit's write to `which` moved to `path`. */
export const move =
  (which: Which, path: string): Tamper =>
  (writes) =>
    writes.map((write) => (which(write.path) ? { ...write, path } : write));

/** The commit with `more` writes (computed from the recipe's). */
export const add =
  (more: (writes: Write[]) => Write[]): Tamper =>
  (writes) => [...writes, ...more(writes)];

/** Tampers applied in turn. */
export const all =
  (...tampers: Tamper[]): Tamper =>
  (writes) =>
    tampers.reduce((each, tamper) => tamper(each), writes);

/** What a comment write names: the post, the page's view (by default read), the shard. */
export interface CommentOptions {
  postId?: string;
  text?: string;
  /** The comment's author as written (by default the persona's e-mail). */
  user?: string;
  /** The comment as written, whole (over `text` and `user`). */
  comment?: Comment;
  view?: CommentWrite['view'];
  shard?: number;
  /** A reply's: the id of the comment it answers. */
  replyTo?: string;
  tamper?: Tamper;
  onRetry?: () => void;
}

/**
 * `persona` comments through the recipe, as the app does from the page's view of the post (read
 * first unless given), on post 'p1' unless told.
 */
export async function commentAs(
  harness: Harness,
  persona: Persona | null,
  options: CommentOptions = {},
): Promise<CommentAdded> {
  const postId = options.postId ?? 'p1';
  const plain = storeOf(harness, persona);
  const store = options.tamper ? tampered(plain, options.tamper) : plain;
  const user = options.user ?? persona?.email ?? 'visitor@example.test';
  const view = options.view ?? (await readThreadView(plain, postId)) ?? undefined;
  if (!view) throw new Error(`posts/${postId} is missing`);
  return commitComment(store, {
    postId,
    postTitle: TITLE,
    view,
    comment: options.comment ?? comment(user, options.text),
    uid: persona?.sub ?? 'nobody',
    shard: options.shard,
    replyTo: options.replyTo,
    onRetry: options.onRetry,
  });
}

/** A post's summary as seeded: `count` comments by others, on its card while they fit. */
export function cardOf(count: number): Comment[] {
  return Array.from({ length: count }, (_, i) => comment(`x${i}@example.test`, `c${i}`));
}

/** Post `postId` seeded new (no comments), whose summary holds `count` comments, or marked. */
export async function seedPost(
  harness: Harness,
  postId: string,
  state: { count?: number; marked?: boolean; fields?: Record<string, unknown> } = {},
): Promise<void> {
  const count = state.count ?? 0;
  const summary = state.marked
    ? { commentCount: count, cardComments: [], moreComments: true }
    : { commentCount: count, cardComments: cardOf(count) };
  await harness.seed(`posts/${postId}`, newPost({ ...summary, ...state.fields }));
}

/** A marked post: its summary full (LIMITS.cardComments) and its counters counting the rest. */
export const seedMarked = (harness: Harness, postId = 'p1') =>
  seedPost(harness, postId, { count: LIMITS.cardComments, marked: true });

/** The post's stamp seeded `secondsAgo` old (naming nothing). */
export const seedStamp = (harness: Harness, postId: string, secondsAgo: number) => {
  const at = new Date(Date.now() - secondsAgo * 1000);
  return harness.seed(`postChanges/${postId}`, { at, postAt: at });
};

/** The account commented `secondsAgo` ago (11: the rate limit is not what a test meets). */
export const lastCommented = (harness: Harness, uid: string, secondsAgo = 11) =>
  harness.seed(`commenters/${uid}`, {
    last: new Date(Date.now() - secondsAgo * 1000),
    target: 'x',
  });

/** The total a page shows: the post's count and, once marked, the sum of its counters. */
export async function totalComments(harness: Harness, postId = 'p1'): Promise<number> {
  const db = harness.client(null);
  const post = (await sdk.getDoc(sdk.doc(db, 'posts', postId))).data() ?? {};
  const counters = sdk.collection(db, 'posts', postId, 'commentCounts');
  const sum = await sdk.getAggregate(counters, { n: sdk.sum('n') });
  const counted = post.moreComments === true ? sum.data().n : 0;
  return Number(post.commentCount) + counted;
}

/** The thread's documents (one page), as a visitor reads them. */
export async function threadIds(harness: Harness, postId = 'p1'): Promise<string[]> {
  const db = harness.client(null);
  const thread = sdk.collection(db, 'posts', postId, 'comments');
  const page = await sdk.getDocs(sdk.query(thread, sdk.limit(50)));
  return page.docs.map((each) => each.id);
}

/** The stored post's data. */
export async function postData(harness: Harness, postId = 'p1'): Promise<DocumentData> {
  return (await sdk.getDoc(sdk.doc(harness.client(null), 'posts', postId))).data() ?? {};
}

/** Whether document `path` exists (read as the owner). */
export async function exists(harness: Harness, path: string): Promise<boolean> {
  return (await harness.owner.get(path)) !== null;
}

/** The id of `persona`'s comment `text` on `postId`. */
export const idOf = (postId: string, item: Comment) => commentId(postId, item);

/** A write of a REST commit's body (documents:commit), as far as a wire change reads it. */
export interface RestWrite {
  update?: { name: string; fields?: Record<string, unknown> };
  updateMask?: { fieldPaths: string[] };
  updateTransforms?: { fieldPath: string; increment?: unknown }[];
}

/**
 * Runs `run` with every commit the Lite SDK sends changed on the wire: `change` is given each
 * write to a document (its path) and changes it in place, saying whether it did. For what the SDK
 * refuses to send (a key named `__proto__`) or cannot say (a double that is a whole number), which
 * a hostile client's JSON sends as it likes. A commit with nothing changed would test nothing: it
 * fails instead of being sent.
 */
export async function onTheWire<T>(
  change: (path: string, write: RestWrite) => boolean,
  run: () => Promise<T>,
): Promise<T> {
  const send = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!new URL(url).pathname.endsWith(':commit') || typeof init?.body !== 'string') {
      return send(input, init);
    }
    const body: { writes?: RestWrite[] } = JSON.parse(init.body);
    let changed = 0;
    for (const write of body.writes ?? []) {
      const path = write.update?.name.split('/documents/')[1];
      if (path !== undefined && change(path, write)) changed += 1;
    }
    if (changed === 0) throw new Error('no write of this commit is to a document to change');
    return send(input, { ...init, body: JSON.stringify(body) });
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = send;
  }
}

/** `onTheWire`: `field` added to each write to a document `which` names (and to its mask). */
export function withFieldOnTheWire<T>(
  which: Which,
  field: string,
  value: unknown,
  run: () => Promise<T>,
): Promise<T> {
  return onTheWire((path, write) => {
    if (!write.update || !which(path)) return false;
    // defineProperty: an assignment to `__proto__` would set the prototype, not a field.
    const fields = write.update.fields ?? {};
    Object.defineProperty(fields, field, { value, enumerable: true, writable: true });
    write.update.fields = fields;
    write.updateMask?.fieldPaths.push(field);
    return true;
  }, run);
}
