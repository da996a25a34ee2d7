import { toComments } from '../../src/features/comments/data/commentList';
import { COUNTERS, THREAD, commentId } from '../../src/features/comments/data/commentCopies';
import { threadComment } from '../../src/features/feed/store/commentCommits';
import type { Comment } from '../../src/shared/posts/post';
import { POSTS, POST_CHANGES } from '../../src/shared/collections';
import { LIMITS } from '../../src/shared/limits';
import { decodeValue, documentData, idOf, isRecord } from '../../src/shared/rest/restDecode';
import { toFields } from '../lib/ownerClient';
import type { Fields } from '../lib/restValue';
import { sendWithFetch, type Send } from '../lib/send';

/** Where the migration runs: an emulator (the owner's credential) or a deployed project. */
export interface MigrationTarget {
  /** e.g. http://127.0.0.1:8080 or https://firestore.googleapis.com */
  firestoreUrl: string;
  projectId: string;
  /** The bearer token: 'owner' on an emulator, an access token for a deployed project. */
  caller?: string;
}

export interface Migrated {
  /** Posts read. */
  read: number;
  /** Posts whose list was moved into their thread. */
  moved: number;
  /** Thread documents created. */
  comments: number;
  /** Posts written without `pinned` (earlier versions) given `pinned: false`. */
  unpinned: number;
}

/** Posts read per query (each a billed read; a post of an earlier version holds up to ~1 MB). */
const READ_PAGE = 50;
/** Commits of one post made again when the post changed between its read and its commit. */
const ATTEMPTS = 5;
/** Firestore takes at most 500 writes a commit. */
const MAX_WRITES = 500;
/** Fields the migration reads of a post. */
const POST_FIELDS = [
  'comments',
  'commentCount',
  'cardComments',
  'moreComments',
  'created',
  'pinned',
];

/**
 * `npm run comments:migrate`: moves the `comments` list of every post of an earlier version into
 * the post's thread (posts/{id}/comments/{commentId}), as if each comment had been written through
 * the app's recipe (src/features/feed/store/commentCommits.ts) before any comment the thread
 * already has, and counted by the post's summary. Per post, one commit, made only if the post is
 * as read (its updateTime; read again and made again when it moved): a thread document per
 * distinct comment (a comment listed twice is one comment: its id is its hash), `at` the post's
 * `created` plus its place in the list in milliseconds (before the thread's oldest document), no
 * shard; the post's `comments` emptied, `commentCount` the documents it counts afterwards (the
 * thread's documents no counter counts: the counters' sum taken from the thread's size),
 * `cardComments` the thread while the post counts all of it and it fits the card (else none, and
 * the post marked `moreComments`); its change stamp (`at` and `postAt` the commit's time), so open
 * pages read it again. Up to 400 comments, so ≤ 402 writes a commit. Moderation copies stay as
 * they are (a copy names its author's account, which a list does not hold).
 *
 * A post without `pinned` (earlier versions wrote it only on the pinned post) gets `pinned: false`,
 * in the same commit when its list moves, else in one of its own (the field alone, the post as
 * read, its change stamp): the feed's first page orders by `pinned`, and a query leaves out every
 * post without the field it orders by. A post with neither a list nor a missing `pinned` is not
 * written: run again, the migration changes nothing.
 */
export async function migrateComments(
  target: MigrationTarget,
  log: (line: string) => void = () => {},
): Promise<Migrated> {
  const rest = restClient(target);
  const totals: Migrated = { read: 0, moved: 0, comments: 0, unpinned: 0 };
  let after: string | null = null;
  for (;;) {
    const page = await readPosts(rest, after);
    totals.read += page.length;
    for (const post of page) {
      const done = await migratePost(rest, post);
      if (done === null) continue;
      if (done.moved) totals.moved += 1;
      totals.comments += done.created;
      if (done.unpinned) totals.unpinned += 1;
      log(done.line);
    }
    const last = page.at(-1);
    if (page.length < READ_PAGE || !last) return totals;
    after = last.name;
  }
}

interface StoredPost {
  name: string;
  fields: Fields;
  updateTime: string;
  createTime: string;
}

function listOf(post: StoredPost): Comment[] {
  return toComments(documentData(post)) ?? [];
}

/** Written by an earlier version, which left `pinned` out of every post it did not pin. */
function lacksPinned(post: StoredPost): boolean {
  return post.fields.pinned === undefined;
}

/** One post's commit and what it says it did. */
interface Plan {
  writes: unknown[];
  /** Its list moved into its thread. */
  moved: boolean;
  /** Thread documents it creates. */
  created: number;
  /** It gives the post `pinned: false`. */
  unpinned: boolean;
  line: string;
}

/**
 * Migrates one post (its list, its missing `pinned`), made again while the post moves under it;
 * null: nothing to do.
 */
async function migratePost(rest: Rest, read: StoredPost): Promise<Plan | null> {
  let post: StoredPost | null = read;
  for (let attempt = 1; ; attempt += 1) {
    if (!post) return null;
    const plan = await planFor(rest, post);
    if (!plan) return null;
    try {
      await rest.call('', 'commit', { writes: plan.writes });
      return plan;
    } catch (error) {
      const moved = error instanceof RestError && MOVED.includes(error.status);
      if (!moved || attempt === ATTEMPTS) throw error;
      post = await readPost(rest, post.name);
    }
  }
}

/** The one commit `post` needs; null when it has no list and has `pinned`. */
async function planFor(rest: Rest, post: StoredPost): Promise<Plan | null> {
  if (listOf(post).length > 0) return planMove(rest, post);
  return lacksPinned(post) ? planPin(rest, post) : null;
}

/** A commit refused because what it was made from changed: read again and make it again. */
const MOVED = ['FAILED_PRECONDITION', 'ABORTED', 'ALREADY_EXISTS'];

/**
 * The one commit that gives a post without a list `pinned: false`: that field alone, the post as
 * read (a pin made since is kept), and its change stamp.
 */
function planPin(rest: Rest, post: StoredPost): Plan {
  const postId = idOf(post.name);
  const path = `${POSTS}/${postId}`;
  const writes = [
    {
      update: { name: rest.name(path), fields: toFields({ pinned: false }) },
      updateMask: { fieldPaths: ['pinned'] },
      currentDocument: { updateTime: post.updateTime },
    },
    stampWrite(rest, postId),
  ];
  return { writes, moved: false, created: 0, unpinned: true, line: `${path}: given pinned false` };
}

/** The post's change stamp (`at` and `postAt` the commit's time): open pages read it again. */
function stampWrite(rest: Rest, postId: string): unknown {
  return {
    update: { name: rest.name(`${POST_CHANGES}/${postId}`), fields: {} },
    updateTransforms: ['at', 'postAt'].map((fieldPath) => ({
      fieldPath,
      setToServerValue: 'REQUEST_TIME',
    })),
  };
}

/**
 * The one commit that moves `post`'s list into its thread (and gives it `pinned: false` when it
 * has no `pinned`), and what it says it did.
 */
async function planMove(rest: Rest, post: StoredPost): Promise<Plan> {
  const data = documentData(post);
  const postId = idOf(post.name);
  const path = `${POSTS}/${postId}`;
  const listed = listOf(post);
  const distinct = new Map<string, Comment>();
  for (const comment of listed) {
    const id = await commentId(postId, comment);
    if (!distinct.has(id)) distinct.set(id, comment);
  }
  // A listed comment already in the thread (nothing the app does makes one) is counted there.
  const names = [...distinct.keys()].map((id) => rest.name(`${path}/${THREAD}/${id}`));
  const present = new Set((await batchGet(rest, names)).map(idOf));
  const moving = [...distinct].filter(([id]) => !present.has(id));
  // The post, its comments and its stamp in one commit: earlier versions' rules kept lists ≤ 400.
  if (moving.length + 2 > MAX_WRITES) {
    throw new Error(`${path} lists ${moving.length} comments: more than one commit holds`);
  }

  const oldest = await thread(rest, path, LIMITS.cardComments + 1);
  // Counted by the post afterwards: the moved comments and the thread's documents no counter counts.
  const counted =
    oldest.length === 0
      ? 0
      : (await aggregate(rest, path, THREAD, { count: {} })) -
        (await aggregate(rest, path, COUNTERS, { sum: { field: { fieldPath: 'n' } } }));
  const commentCount = moving.length + counted;
  const created = Number.isInteger(data.created)
    ? Number(data.created)
    : Date.parse(post.createTime);
  const firstAt = oldest.at(0)?.at ?? Number.NaN;
  const start = Number.isFinite(firstAt) ? Math.min(created, firstAt - moving.length) : created;
  const marked = data.moreComments === true;
  const card = !marked && commentCount <= LIMITS.cardComments;
  // The card holds the whole thread, in its order: the moved comments, then the thread's own.
  const cardComments = card
    ? [...moving.map(([, comment]) => comment), ...oldest.map(({ comment }) => comment)]
    : [];
  const unpinned = lacksPinned(post);
  const summary = {
    comments: [],
    commentCount,
    cardComments,
    ...(!card && { moreComments: true }),
    ...(unpinned && { pinned: false }),
  };
  const writes = [
    {
      update: { name: rest.name(path), fields: toFields(summary) },
      updateMask: { fieldPaths: Object.keys(summary) },
      currentDocument: { updateTime: post.updateTime },
    },
    ...moving.map(([id, comment], index) => ({
      update: {
        name: rest.name(`${path}/${THREAD}/${id}`),
        fields: toFields(threadComment(comment, new Date(start + index))),
      },
      currentDocument: { exists: false },
    })),
    stampWrite(rest, postId),
  ];
  const merged = listed.length - distinct.size;
  const line =
    `${path}: ${moving.length} of ${listed.length} listed comments moved into its thread` +
    (merged > 0 ? ` (${merged} listed twice)` : '') +
    `; it counts ${commentCount}` +
    (card ? `, all on its card` : marked ? ', its counters the rest' : ', marked moreComments') +
    (unpinned ? '; given pinned false' : '');
  return { writes, moved: true, created: moving.length, unpinned, line };
}

/** The thread's oldest `limit` documents, by `at`. */
async function thread(
  rest: Rest,
  path: string,
  limit: number,
): Promise<{ at: number; comment: Comment }[]> {
  const rows = await rest.call(path, 'runQuery', {
    structuredQuery: {
      from: [{ collectionId: THREAD }],
      orderBy: [{ field: { fieldPath: 'at' }, direction: 'ASCENDING' }],
      limit,
    },
  });
  return documentsOf(rows).map((document) => {
    const { user, text, date, at } = documentData(document);
    return {
      at: Number(at),
      comment: { user: String(user), text: String(text), date: String(date) },
    };
  });
}

/** One aggregation (a count, a sum) over a collection of the post's, as a number. */
async function aggregate(
  rest: Rest,
  path: string,
  collectionId: string,
  aggregation: Record<string, unknown>,
): Promise<number> {
  const rows = await rest.call(path, 'runAggregationQuery', {
    structuredAggregationQuery: {
      structuredQuery: { from: [{ collectionId }] },
      aggregations: [{ alias: 'value', ...aggregation }],
    },
  });
  const row: unknown = Array.isArray(rows) ? rows[0] : null;
  const result = isRecord(row) && isRecord(row.result) ? row.result.aggregateFields : null;
  return isRecord(result) ? Number(decodeValue(result.value) ?? 0) : 0;
}

/** The names of the documents of `names` that exist. */
async function batchGet(rest: Rest, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await rest.call('', 'batchGet', { documents: names });
  return (Array.isArray(rows) ? rows : []).flatMap((row: unknown) =>
    isRecord(row) && isRecord(row.found) && typeof row.found.name === 'string'
      ? [row.found.name]
      : [],
  );
}

/** A page of posts by name after `after`: the fields the migration reads. */
async function readPosts(rest: Rest, after: string | null): Promise<StoredPost[]> {
  const rows = await rest.call('', 'runQuery', {
    structuredQuery: {
      select: { fields: POST_FIELDS.map((fieldPath) => ({ fieldPath })) },
      from: [{ collectionId: POSTS }],
      orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
      limit: READ_PAGE,
      ...(after && { startAt: { values: [{ referenceValue: after }], before: false } }),
    },
  });
  return documentsOf(rows);
}

/** The post as it is now; null when it was deleted. */
async function readPost(rest: Rest, name: string): Promise<StoredPost | null> {
  const rows = await rest.call('', 'batchGet', {
    documents: [name],
    mask: { fieldPaths: POST_FIELDS },
  });
  const row: unknown = Array.isArray(rows) ? rows[0] : null;
  return isRecord(row) ? (storedDocument(row.found) ?? null) : null;
}

function documentsOf(rows: unknown): StoredPost[] {
  return (Array.isArray(rows) ? rows : []).flatMap((row: unknown) => {
    const document = isRecord(row) ? storedDocument(row.document) : null;
    return document ? [document] : [];
  });
}

function storedDocument(value: unknown): StoredPost | null {
  if (!isRecord(value) || typeof value.name !== 'string') return null;
  if (typeof value.updateTime !== 'string' || typeof value.createTime !== 'string') return null;
  // Firestore's own answer: its fields are REST values (documentData decodes them).
  const fields = (isRecord(value.fields) ? value.fields : {}) as Fields;
  return {
    name: value.name,
    fields,
    updateTime: value.updateTime,
    createTime: value.createTime,
  };
}

/** A refused REST call, with Firestore's status ('FAILED_PRECONDITION'…). */
class RestError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

interface Rest {
  /** The full name of a document path such as 'posts/a'. */
  name(path: string): string;
  /** POST {parent document, '' for the root}:{verb}, as `caller`; the parsed answer. */
  call(parent: string, verb: string, body: unknown): Promise<unknown>;
}

function restClient({ firestoreUrl, projectId, caller = 'owner' }: MigrationTarget): Rest {
  const root = `projects/${projectId}/databases/(default)/documents`;
  const send: Send = sendWithFetch;
  return {
    name: (path) => `${root}/${path}`,
    async call(parent, verb, body) {
      const url = `${firestoreUrl}/v1/${root}${parent && `/${parent}`}:${verb}`;
      const { status, text } = await send({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${caller}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (status < 200 || status > 299) {
        throw new RestError(errorStatus(text), `${verb} answered ${status}: ${text.slice(0, 500)}`);
      }
      return text ? JSON.parse(text) : null;
    },
  };
}

/** The google.rpc status of an error answer, or ''. */
function errorStatus(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    const error = isRecord(body) && isRecord(body.error) ? body.error : {};
    return typeof error.status === 'string' ? error.status : '';
  } catch {
    return '';
  }
}
