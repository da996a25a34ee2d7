import { summariseComments } from '../../../src/features/comments/data/commentList';
import { COUNTERS, THREAD, commentId } from '../../../src/features/comments/data/commentCopies';
import {
  commitReviewSettings,
  type FanCommented,
} from '../../../src/features/feed/store/heldCommits';
import type { ReviewSettings } from '../../../src/features/comments/data/review';
import {
  commitRemoval,
  type CommentRemoved,
} from '../../../src/features/feed/store/commentRemoval';
import type { Post } from '../../../src/shared/posts/post';
import { postWords } from '../../../src/shared/posts/postWords';
import type { Fields } from '../../../scripts/lib/restValue';
import {
  changeStamp,
  commitInBatches,
  ownerClient,
  toFields,
  type OwnerClient,
  type StoredDocument,
} from '../../../scripts/lib/ownerClient';
import {
  commentElsewhere as fanCommentsElsewhere,
  likeElsewhere as fanLikesElsewhere,
  publishElsewhere as adminPublishes,
  signedInStore,
} from '../../../scripts/lib/writesElsewhere';
import { seededThread, type SeededComment } from '../../../scripts/seed/seededThread';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';
import { config } from '../../../src/shared/config';
import { POSTS } from '../../../src/shared/collections';
import {
  clearDeletedThread,
  commitDeletion,
  commitEdit,
  commitPin,
} from '../../../src/features/feed/store/postWrites';
import { toPost } from '../../../src/shared/posts/postDecode';
import { DEALS, isOpenStatus, type Deal } from '../../../src/features/deals/data/deal';

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
  /** The deal status; absent when the post has none (a stored value is any string). */
  status?: string;
  /** Comments closed by the administrator; absent on open posts. */
  closed?: boolean;
  /** The id of the deal it belongs to; absent on posts without one. */
  deal?: string;
  /** The club pins it on top (pinElsewhere writes it, with the pin beside it). */
  pinned?: boolean;
}

export interface StoredPost extends SeedPost {
  id: string;
}

/** The emulator itself, also when a test points the app at a proxy in front of it. */
function emulatorOrigin(): string {
  return `http://${TEST_FIRESTORE_HOST}`;
}

/** The worker's project, as the owner. */
function firestore(): OwnerClient {
  return ownerClient(emulatorOrigin(), config.firebase.projectId);
}

let sequence = 0;

/**
 * A post with sensible defaults; `created` decreases with each call, so builders list newest first.
 */
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
  await firestore().clear();
}

/** A post's search words, from its title and content when it has both. */
function wordsOf(post: Partial<SeedPost>): { words?: string[] } {
  return post.title !== undefined && post.content !== undefined
    ? { words: postWords(post.title, post.content) }
    : {};
}

/**
 * The shapes of posts earlier versions wrote, for the tests of old posts: `'list'` the spec's
 * (its comments in its `comments` list, nothing else), `'summary'` the version before threads
 * (the list with its summary beside it: commentCount and cardComments).
 */
export type LegacyShape = 'list' | 'summary';

export interface SeedOptions {
  /** Write the posts as an earlier version did (see LegacyShape); default: this version's layout. */
  legacy?: LegacyShape;
  /** Each author's account id by e-mail (default `uid-of-<e-mail>`). */
  uids?: Record<string, string>;
  /** When a post's comment was written: the thread's order (default: commentTimes). */
  at?: (post: SeedPost, index: number) => Date;
}

/**
 * When a post's comment was written by default: a second apart, oldest first, the last a second
 * before now, so a comment a test makes later comes after them in the thread.
 */
export function commentTimes(count: number): (index: number) => Date {
  const now = Date.now();
  return (index) => new Date(now - (count - index) * 1000);
}

/** The seeded comments of a post: who wrote each (by `uids`) and when (by `at`). */
function seededComments(
  post: SeedPost,
  { uids = {}, at }: Omit<SeedOptions, 'legacy'>,
): SeededComment[] {
  const times = commentTimes(post.comments.length);
  return post.comments.map((comment, index) => ({
    comment,
    at: at ? at(post, index) : times(index),
    uid: uids[comment.user] ?? `uid-of-${comment.user}`,
  }));
}

/**
 * The writes of one post: its document, and in this version's layout its thread as the seeds lay
 * it out (scripts/seed/seededThread.ts: a document and moderation copy a comment, the counters,
 * and the summary on the post). An earlier version's post holds its comments in its list and has
 * no thread (nor copies: seedCommentCopies writes those).
 */
async function postWrites(
  client: OwnerClient,
  { id, ...post }: StoredPost,
  options: SeedOptions,
): Promise<Record<string, unknown>[]> {
  const name = client.name(`posts/${id}`);
  // Every post has `pinned`: the feed's query leaves out posts without it. An earlier version's
  // gets it too, so the feed shows its older comment shapes (an unmigrated one, without `pinned`,
  // is reached by its link: e2e/moderation.spec.ts).
  const pinned = { pinned: post.pinned === true };
  if (options.legacy === 'list')
    return [{ update: { name, fields: toFields({ ...post, ...pinned }) } }];
  if (options.legacy === 'summary') {
    const summary = summariseComments(post.comments);
    return [
      { update: { name, fields: toFields({ ...post, ...summary, ...wordsOf(post), ...pinned }) } },
    ];
  }
  const thread = await seededThread(client, id, post.title, seededComments(post, options));
  const fields = toFields({ ...post, ...thread.summary, ...wordsOf(post), ...pinned });
  return [{ update: { name, fields } }, ...thread.writes];
}

/**
 * Writes the posts with their comments; returns them with their ids, in the order given. By
 * default in this version's layout (a thread of documents); `legacy`: as an earlier version did.
 */
export async function seedPosts(
  posts: SeedPost[],
  options: SeedOptions = {},
): Promise<StoredPost[]> {
  const client = firestore();
  const stored = posts.map((post, index) => ({
    ...post,
    id: `seed${String(index).padStart(4, '0')}x${sequence}`,
  }));
  const writes = await Promise.all(stored.map((post) => postWrites(client, post, options)));
  await commitInBatches(client, writes.flat());
  return stored;
}

/**
 * A post's comments as stored: its list of an earlier version first, then its thread's documents
 * in their order (`at`), as the app shows them.
 */
function storedComments(post: StoredDocument, thread: StoredDocument[]): SeedPost['comments'] {
  const listed = post.fields.comments;
  const list = listed && 'arrayValue' in listed ? (listed.arrayValue.values ?? []) : [];
  return [
    ...list.map((value) => decodeComment('mapValue' in value ? (value.mapValue.fields ?? {}) : {})),
    ...thread.map(({ fields }) => decodeComment(fields)),
  ];
}

/** The thread's documents of every post (`postId`: one post's alone), oldest first. */
async function storedThreads(postId?: string): Promise<Map<string, StoredDocument[]>> {
  const client = firestore();
  // The moderation copies share the thread's collection id: the posts' documents are told apart
  // by their path. Ordered here, not by the query: the emulator holds the app's indexes alone.
  const documents = await client.runQuery({
    from: [{ collectionId: THREAD, allDescendants: true }],
  });
  documents.sort((a, b) => timeOf(a) - timeOf(b) || (a.name < b.name ? -1 : 1));
  const threads = new Map<string, StoredDocument[]>();
  const under = `${client.root}/posts/`;
  for (const document of documents) {
    if (!document.name.startsWith(under)) continue;
    const [post, collection] = document.name.slice(under.length).split('/');
    if (collection !== THREAD || (postId !== undefined && post !== postId)) continue;
    threads.set(post, [...(threads.get(post) ?? []), document]);
  }
  return threads;
}

/** Every stored post, newest first, with its comments as stored (storedComments). */
export async function readPosts(): Promise<StoredPost[]> {
  const [documents, threads] = await Promise.all([
    firestore().runQuery({
      from: [{ collectionId: 'posts' }],
      orderBy: [{ field: { fieldPath: 'created' }, direction: 'DESCENDING' }],
    }),
    storedThreads(),
  ]);
  return documents.map((document) => decodePost(document, threads.get(idOf(document)) ?? []));
}

/** A stored post with its comments as stored (storedComments); null when there is none. */
export async function readPost(id: string): Promise<StoredPost | null> {
  const [document, threads] = await Promise.all([
    firestore().get(`posts/${id}`),
    storedThreads(id),
  ]);
  return document && decodePost(document, threads.get(id) ?? []);
}

/**
 * What is stored of post `id`'s comments besides the post: its thread's documents, the moderation
 * copies naming it, and its thread's counters.
 */
export async function readCommentDocuments(
  id: string,
): Promise<{ thread: number; copies: number; counters: number }> {
  const client = firestore();
  const under = (collection: string) => client.name(`posts/${id}/${collection}/`);
  const [comments, counters] = await Promise.all([
    client.runQuery({ from: [{ collectionId: THREAD, allDescendants: true }] }),
    client.runQuery({ from: [{ collectionId: COUNTERS, allDescendants: true }] }),
  ]);
  const copy = (document: StoredDocument) => {
    const postId = document.fields.postId;
    return (
      document.name.startsWith(client.name(`${THREAD}/`)) &&
      postId !== undefined &&
      'stringValue' in postId &&
      postId.stringValue === id
    );
  };
  return {
    thread: comments.filter(({ name }) => name.startsWith(under(THREAD))).length,
    copies: comments.filter(copy).length,
    counters: counters.filter(({ name }) => name.startsWith(under(COUNTERS))).length,
  };
}

/** A post's stored search words; null without any (as a post written before them). */
export async function readStoredWords(id: string): Promise<string[] | null> {
  const words = (await firestore().get(`posts/${id}`))?.fields.words;
  if (!words || !('arrayValue' in words)) return null;
  return (words.arrayValue.values ?? []).map((value) =>
    'stringValue' in value ? value.stringValue : '',
  );
}

/**
 * How many comments the post has as stored, as the app counts them: its count, and when its thread
 * is marked (moreComments) its counters' sum; null without a count.
 */
export async function readCommentTotal(id: string): Promise<number | null> {
  const client = firestore();
  const [post, counters] = await Promise.all([
    client.get(`posts/${id}`),
    client.runQuery({ from: [{ collectionId: COUNTERS, allDescendants: true }] }),
  ]);
  const count = post?.fields.commentCount;
  if (!count || !('integerValue' in count)) return null;
  const marked = post.fields.moreComments;
  if (!marked || !('booleanValue' in marked) || !marked.booleanValue) {
    return Number(count.integerValue);
  }
  const own = counters.filter(({ name }) => name.startsWith(client.name(`posts/${id}/`)));
  const summed = own.reduce((sum, { fields }) => {
    const n = fields.n;
    return sum + (n && 'integerValue' in n ? Number(n.integerValue) : 0);
  }, 0);
  return Number(count.integerValue) + summed;
}

/**
 * Deletes a post behind the app's back, by the administrator's recipe on another device
 * (postWrites.ts commitDeletion), then clears its thread (clearDeletedThread) unless the clearing
 * was 'cut short' (that device's tab closed first).
 */
export async function deleteStoredPost(
  id: string,
  clearing: 'done' | 'cut short' = 'done',
): Promise<void> {
  const store = await administratorStore();
  await commitDeletion(store, id);
  if (clearing === 'done') await clearDeletedThread(store, id);
}

/**
 * Publishes a post titled `title` on another device, by the administrator's recipe (as the
 * benches do, scripts/lib/writesElsewhere.ts); returns it with the id Firestore gave it.
 */
export function publishElsewhere(title: string): Promise<Post> {
  return adminPublishes(target(), { title, content: `Details of ${title}.` }, config.adminEmail);
}

/**
 * Pins post `id` on top (null: unpins) on another device, by the administrator's recipe
 * (postWrites.ts commitPin): the post pinned before unpinned, each post stamped, in one commit.
 */
export async function pinElsewhere(id: string | null): Promise<void> {
  await commitPin(await administratorStore(), id);
}

/**
 * Edits the content of a post in no deal on another device, by the editor's recipe
 * (postWrites.ts commitEdit), its deal status kept.
 */
export async function editElsewhere(id: string, content: string): Promise<void> {
  const store = await administratorStore();
  const { sdk, db } = store;
  const post = toPost(id, (await sdk.getDoc(sdk.doc(db, POSTS, id))).data());
  if (post.deal) throw new Error(`editElsewhere edits posts in no deal; ${id} is in ${post.deal}`);
  await commitEdit(store, id, { content, status: post.status });
}

/**
 * A fan's comment made on another device, by the app's own recipe run as that fan
 * (scripts/lib/writesElsewhere.ts): judged by the rules as any fan's, and counted and stamped as
 * the app's are. The fan's account id defaults to `uid-of-<e-mail>`; the rules let one account
 * comment once in 10 seconds (forgetCommentTimes lets it again).
 */
export async function commentElsewhere(
  id: string,
  comment: SeedPost['comments'][number],
  uid = `uid-of-${comment.user}`,
): Promise<FanCommented> {
  return fanCommentsElsewhere(target(), id, uid, comment);
}

/** A fan's reply to comment `to` of post `id`, made on another device as commentElsewhere. */
export async function replyElsewhere(
  id: string,
  to: SeedPost['comments'][number],
  reply: SeedPost['comments'][number],
): Promise<FanCommented> {
  const replyTo = await commentId(id, to);
  return fanCommentsElsewhere(target(), id, `uid-of-${reply.user}`, reply, replyTo);
}

/** A fan (`email`) likes comment `comment` of post `id` on another device, as likeElsewhere. */
export async function likeElsewhere(
  id: string,
  comment: SeedPost['comments'][number],
  email: string,
): Promise<void> {
  await fanLikesElsewhere(target(), id, await commentId(id, comment), email);
}

/** The emulator itself, as another device reaches it. */
const target = () => ({ firestoreUrl: emulatorOrigin(), projectId: config.firebase.projectId });

/** A Lite SDK database on the emulator, signed in as the administrator (kept for the run). */
const administratorStore = () =>
  signedInStore(target(), 'administrator-elsewhere', config.adminEmail);

/**
 * The administrator removes a comment on another device, by the app's own recipe
 * (commentRemoval.ts commitRemoval), judged by the rules as the app's removal is.
 */
export async function removeElsewhere(
  id: string,
  comment: SeedPost['comments'][number],
): Promise<CommentRemoved> {
  return commitRemoval(await administratorStore(), id, comment);
}

/** The administrator sets what the club holds for review, on another device, by the app's recipe. */
export async function reviewElsewhere(settings: ReviewSettings): Promise<void> {
  await commitReviewSettings(await administratorStore(), settings);
}

/**
 * Post `id`'s change stamp made 11 seconds older, as if a busy thread's 10 quiet seconds had
 * passed: its next comment stamps it again (firestore.rules stampsIfQuiet).
 */
export async function ageThreadStamp(id: string): Promise<void> {
  const client = firestore();
  const at = new Date(Date.now() - 11_000).toISOString();
  await client.commit([
    {
      update: { name: client.name(`postChanges/${id}`), fields: { at: { timestampValue: at } } },
      updateMask: { fieldPaths: ['at'] },
    },
  ]);
}

/** Forgets when each account last commented, as if the rate limit's 10 seconds had passed. */
export async function forgetCommentTimes(): Promise<void> {
  const client = firestore();
  const stamps = await client.runQuery({ from: [{ collectionId: 'commenters' }] });
  if (stamps.length > 0) await client.commit(stamps.map(({ name }) => ({ delete: name })));
}

const text = (value: Fields[string] | undefined) =>
  value && 'stringValue' in value ? value.stringValue : '';

function decodeComment(fields: Fields): SeedPost['comments'][number] {
  return { user: text(fields.user), text: text(fields.text), date: text(fields.date) };
}

/** A thread document's `at` in milliseconds. */
function timeOf({ fields }: StoredDocument): number {
  const at = fields.at;
  return at && 'timestampValue' in at ? Date.parse(at.timestampValue) : Number.NaN;
}

const idOf = ({ name }: StoredDocument) => name.slice(name.lastIndexOf('/') + 1);

function decodePost(document: StoredDocument, thread: StoredDocument[]): StoredPost {
  const { fields } = document;
  const created = fields.created;
  return {
    ...('status' in fields && { status: text(fields.status) }),
    ...('deal' in fields && { deal: text(fields.deal) }),
    // Every post stores `pinned`; false reads as the seeds write a post not pinned: without it.
    ...(fields.pinned &&
      'booleanValue' in fields.pinned &&
      fields.pinned.booleanValue && {
        pinned: true,
      }),
    id: idOf(document),
    title: text(fields.title),
    content: text(fields.content),
    imageUrl: text(fields.imageUrl),
    link: text(fields.link),
    created: created && 'integerValue' in created ? Number(created.integerValue) : Number.NaN,
    comments: storedComments(document, thread),
  };
}

/** A deal as stored (src/features/deals/data/deal.ts), `changed` in milliseconds. */
export type SeedDeal = Omit<Deal, 'open'>;

/** Writes deals/{id} for each deal, as the rules would have left it. */
export async function seedDeals(deals: SeedDeal[]): Promise<void> {
  const client = firestore();
  await client.commit(
    deals.map(({ id, changed, ...deal }) => ({
      update: {
        name: client.name(`${DEALS}/${id}`),
        fields: toFields({ ...deal, open: isOpenStatus(deal.status), changed: new Date(changed) }),
      },
    })),
  );
}

/**
 * Publishes a post in a deal on another device, moving the deal on as that device's commit would
 * (`deal` is its summary after the post, dealAfterPost's); returns the post with its id.
 */
export async function publishInDealElsewhere(post: SeedPost, deal: SeedDeal): Promise<StoredPost> {
  sequence += 1;
  const id = `elsewhere${sequence}`;
  const client = firestore();
  // `changed` is the commit's own time, as the app's is.
  const { name, status, history } = deal;
  await client.commit([
    { update: { name: client.name(`posts/${id}`), fields: toFields(post) } },
    {
      update: {
        name: client.name(`${DEALS}/${deal.id}`),
        fields: toFields({ name, status, history, post: id, open: isOpenStatus(status) }),
      },
      updateTransforms: [{ fieldPath: 'changed', setToServerValue: 'REQUEST_TIME' }],
    },
    changeStamp(client, id),
  ]);
  return { ...post, id };
}

/** A deal as stored (its fields in REST form), or null when there is none. */
export async function readStoredDeal(id: string): Promise<Fields | null> {
  return (await firestore().get(`${DEALS}/${id}`))?.fields ?? null;
}
