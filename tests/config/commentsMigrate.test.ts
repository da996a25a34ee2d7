/**
 * `npm run comments:migrate` on Google's engine: posts of earlier versions, their comments in a
 * list (the spec's shape, and the list beside a summary), come out as the app's recipe
 * (src/features/feed/store/commentCommits.ts) would have left them: each comment once as a
 * document of the thread, in the list's order before anything the thread already had, counted by
 * the post; fans comment and remove comments on them by the recipe; a second run changes nothing.
 * Posts of earlier versions without `pinned` come out with `pinned: false`, so the feed's first
 * page (ordered by `pinned`) lists them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateComments, type Migrated } from '../../scripts/comments/migrateComments';
import { commentElsewhere } from '../../scripts/lib/writesElsewhere';
import { commentId } from '../../src/features/comments/data/commentCopies';
import { commitComment, readThreadView } from '../../src/features/feed/store/commentCommits';
import { commitRemoval } from '../../src/features/feed/store/commentRemoval';
import type { Comment } from '../../src/shared/posts/post';
import { LIMITS } from '../../src/shared/limits';
import { FIRST_PAGE_QUERY } from '../../src/shared/posts/postsQuery';
import { idOf, isRecord } from '../../src/shared/rest/restDecode';
import type { Store } from '../../src/shared/store/firestoreWrites';
import {
  googleUser,
  legacyPost,
  newPost,
  startHarness,
  withoutKeys,
  type Harness,
  type Persona,
} from '../support/harness';

const TITLE = 'Striker signs a four-year deal';
const CREATED = Date.UTC(2025, 5, 1, 12);
const comment = (n: number, text = `Comment ${n}`): Comment => ({
  user: `fan${n % 20}@example.com`,
  text,
  date: `01/06/2025, 12:${String(n % 60).padStart(2, '0')}:00`,
});
const list = (count: number) => Array.from({ length: count }, (_, n) => comment(n));

/** The posts of earlier versions, and one of this version, as seeded. */
const LONG = list(400);
const THREE = list(3);
const TWICE = [comment(1), comment(2), comment(1)];
const TWELVE = list(12);
/** A list of 6 with one comment twice, whose post then took a comment by the mark. */
const MARKED = [...list(5), comment(2)];
const POSTS: Record<string, Record<string, unknown>> = {
  long: legacyPost({ title: TITLE, comments: LONG, created: CREATED }),
  three: newPost({ title: TITLE, comments: THREE, created: CREATED }),
  twice: newPost({ title: TITLE, comments: TWICE, created: CREATED }),
  twelve: newPost({ title: TITLE, comments: TWELVE, created: CREATED }),
  marked: legacyPost({ title: TITLE, comments: MARKED, created: CREATED }),
  current: newPost({ title: TITLE, created: CREATED }),
};
/** The seeded posts without `pinned`: the migration gives each `pinned: false`. */
const UNPINNED = Object.values(POSTS).filter((data) => !('pinned' in data)).length;

const fan = (n: number) => googleUser(`fan-uid-${n}`, `late.fan${n}@example.com`);
const late = (n: number): Comment => ({
  user: fan(n).email,
  text: `Late comment ${n}`,
  date: new Date().toLocaleString('en-GB'),
});

let harness: Harness;
let sdk: Store['sdk'];
const target = () => ({ firestoreUrl: harness.url, projectId: harness.projectId });
const store = (persona: Persona | null): Store => ({ sdk, db: harness.client(persona) });

/** The thread as a visitor reads it, a page of 50 at a time by `at`: its comments, in order. */
async function threadOf(postId: string): Promise<Comment[]> {
  const { db } = store(null);
  const comments: Comment[] = [];
  let last: Awaited<ReturnType<typeof sdk.getDocs>>['docs'][number] | undefined;
  for (;;) {
    const page = await sdk.getDocs(
      sdk.query(
        sdk.collection(db, 'posts', postId, 'comments'),
        sdk.orderBy('at'),
        ...(last ? [sdk.startAfter(last)] : []),
        sdk.limit(LIMITS.queryLimit),
      ),
    );
    for (const document of page.docs) {
      const { user, text, date } = document.data();
      comments.push({ user, text, date });
      expect(document.id).toBe(await commentId(postId, { user, text, date }));
    }
    last = page.docs.at(-1);
    if (page.size < LIMITS.queryLimit) return comments;
  }
}

/** The post's summary and its counters' sum, as the app reads them. */
async function counts(postId: string) {
  const { db } = store(null);
  const post = (await sdk.getDoc(sdk.doc(db, 'posts', postId))).data() ?? {};
  const counters = sdk.collection(db, 'posts', postId, 'commentCounts');
  const summed = (await sdk.getAggregate(sdk.query(counters), { n: sdk.sum('n') })).data().n;
  const total = Number(post.commentCount) + (post.moreComments === true ? summed : 0);
  return { post, summed, total };
}

/** Every document of the collections the migration may touch, with its last update's time. */
async function dump(of: Harness = harness): Promise<Record<string, string>> {
  const documents: Record<string, string> = {};
  for (const collectionId of ['posts', 'comments', 'commentCounts', 'postChanges']) {
    const { json } = await of.rest(
      'runQuery',
      { structuredQuery: { from: [{ collectionId, allDescendants: true }] } },
      { token: 'owner' },
    );
    for (const row of Array.isArray(json) ? json : []) {
      const document: unknown = isRecord(row) ? row.document : null;
      if (isRecord(document)) documents[String(document.name)] = String(document.updateTime);
    }
  }
  return documents;
}

let first: Migrated;
// Dated when written, as the app dates them.
let markedComment: Comment;
let currentComment: Comment;

beforeAll(async () => {
  sdk = await import('firebase/firestore/lite');
  harness = await startHarness('demo-comments-migrate');
  for (const [id, data] of Object.entries(POSTS)) await harness.seed(`posts/${id}`, data);
  // A moderation copy written by an earlier version: the migration keeps it as it is.
  const keptId = await commentId('three', THREE[0]);
  await harness.seed(`comments/${keptId}`, {
    postId: 'three',
    postTitle: TITLE,
    ...THREE[0],
    uid: 'fan-uid-0',
    at: new Date(CREATED),
    reports: 1,
    reported: true,
  });
  // The legacy post takes a comment by the app's recipe: the mark, its counter counting it.
  markedComment = late(1);
  const marking = store(fan(1));
  const view = await readThreadView(marking, 'marked');
  if (!view) throw new Error('posts/marked is missing');
  const added = await commitComment(marking, {
    postId: 'marked',
    postTitle: TITLE,
    view,
    comment: markedComment,
    uid: fan(1).sub,
  });
  expect(added.countedBy).toBe('mark');
  // A post of this version with a comment its summary counts: nothing to move.
  currentComment = late(2);
  await commitComment(store(fan(2)), {
    postId: 'current',
    postTitle: TITLE,
    view: { commentCount: 0, cardComments: [], moreComments: false },
    comment: currentComment,
    uid: fan(2).sub,
  });
  first = await migrateComments(target());
});
afterAll(async () => {
  await harness.close();
});

describe('comments:migrate', () => {
  it('moves every listed post and only those, each distinct comment once', async () => {
    expect(first).toEqual({
      read: 6,
      moved: 5,
      comments: LONG.length + THREE.length + 2 + TWELVE.length + 5,
      unpinned: UNPINNED,
    });
  });

  it('leaves every comment once in its thread, in the list’s order, before the thread’s own', async () => {
    expect(await threadOf('long')).toEqual(LONG);
    expect(await threadOf('three')).toEqual(THREE);
    expect(await threadOf('twice')).toEqual([comment(1), comment(2)]);
    expect(await threadOf('twelve')).toEqual(TWELVE);
    expect(await threadOf('marked')).toEqual([...list(5), markedComment]);
    expect(await threadOf('current')).toEqual([currentComment]);
  });

  it('empties the lists and counts each thread whole: the post its moved comments, the counters the rest', async () => {
    const expected: Record<string, { total: number; cardComments: Comment[]; more: boolean }> = {
      long: { total: 400, cardComments: [], more: true },
      three: { total: 3, cardComments: THREE, more: false },
      twice: { total: 2, cardComments: [comment(1), comment(2)], more: false },
      twelve: { total: 12, cardComments: [], more: true },
      marked: { total: 6, cardComments: [], more: true },
    };
    for (const [id, { total, cardComments, more }] of Object.entries(expected)) {
      const { post, summed } = await counts(id);
      expect(post.comments, id).toEqual([]);
      expect(post.cardComments, id).toEqual(cardComments);
      expect(post.moreComments === true, id).toBe(more);
      expect(Number(post.commentCount) + summed, id).toBe(total);
      expect((await threadOf(id)).length, id).toBe(total);
    }
    // The marked post counts its 5 distinct listed comments (its mark kept the list's 6).
    expect((await counts('marked')).post.commentCount).toBe(5);
  });

  it('stamps each moved post as a write of it, keeps moderation copies and makes none', async () => {
    const { db } = store(null);
    for (const id of ['long', 'three', 'twice', 'twelve', 'marked']) {
      const stamp = (await sdk.getDoc(sdk.doc(db, 'postChanges', id))).data() ?? {};
      expect(stamp.postAt, id).toBeInstanceOf(sdk.Timestamp);
      expect(stamp.at, id).toEqual(stamp.postAt);
    }
    const copies = Object.keys(await dump()).filter((name) => /\/documents\/comments\//.test(name));
    // The kept copy, and the copies of the two comments written by the recipe.
    expect(copies).toHaveLength(3);
    const kept = await harness.owner.get(`comments/${await commentId('three', THREE[0])}`);
    expect(kept?.fields.reports).toEqual({ integerValue: '1' });
  });

  it('changes nothing when run again', async () => {
    const before = await dump();
    expect(await migrateComments(target())).toEqual({
      read: 6,
      moved: 0,
      comments: 0,
      unpinned: 0,
    });
    expect(await dump()).toEqual(before);
  });

  it('leaves threads the app’s recipe writes to and removes from', async () => {
    // Counted by the summary on a short thread, by a counter on a long one (a fan elsewhere).
    const [third, fourth] = [late(3), late(4)];
    const onThree = await commitComment(store(fan(3)), {
      postId: 'three',
      postTitle: TITLE,
      view: { commentCount: 3, cardComments: THREE, moreComments: false },
      comment: third,
      uid: fan(3).sub,
    });
    expect(onThree.countedBy).toBe('summary');
    expect((await counts('three')).post.cardComments).toEqual([...THREE, third]);
    const onLong = await commentElsewhere(target(), 'long', fan(4).sub, fourth);
    expect(onLong).toMatchObject({ held: null, countedBy: 'counter' });
    expect((await counts('long')).total).toBe(401);
    expect((await threadOf('long')).at(-1)).toEqual(fourth);

    // A moved comment's author removes it: the post's count takes it away.
    const author = googleUser('fan-uid-author', LONG[0].user);
    expect(await commitRemoval(store(author), 'long', LONG[0])).toEqual({
      countedBy: 'summary',
      markLeft: false,
      replyTo: null,
    });
    expect((await counts('long')).total).toBe(400);
    expect(await threadOf('long')).toEqual([...LONG.slice(1), fourth]);
  });
});

describe('comments:migrate on posts of earlier versions without `pinned`', () => {
  /** Earlier versions wrote `pinned` only on the pinned post. */
  const EARLIER: Record<string, Record<string, unknown>> = {
    listed: withoutKeys(legacyPost({ title: TITLE, comments: THREE, created: CREATED }), 'pinned'),
    quiet: withoutKeys(newPost({ title: TITLE, created: CREATED }), 'pinned'),
    pinned: { ...newPost({ title: TITLE, created: CREATED }), pinned: true },
  };
  // A project of its own: the posts above alone.
  let pins: Harness;
  const pinsTarget = () => ({ firestoreUrl: pins.url, projectId: pins.projectId });
  const post = async (id: string) =>
    (await sdk.getDoc(sdk.doc(pins.client(null), 'posts', id))).data() ?? {};
  /** The ids the feed's first page lists, in its order (as the owner: the query, not the rules). */
  const firstPage = async () => {
    const { json } = await pins.rest('runQuery', FIRST_PAGE_QUERY, { token: 'owner' });
    return (Array.isArray(json) ? json : []).flatMap((row: unknown) =>
      isRecord(row) && isRecord(row.document) ? [idOf(String(row.document.name))] : [],
    );
  };

  beforeAll(async () => {
    pins = await startHarness('demo-comments-migrate-pinned');
    for (const [id, data] of Object.entries(EARLIER)) await pins.seed(`posts/${id}`, data);
  });
  afterAll(async () => {
    await pins.close();
  });

  it('gives them `pinned: false`, so the first page lists them; the pinned post is not written', async () => {
    // Before: the first page's query leaves out every post without the field it orders by.
    expect(await firstPage()).toEqual(['pinned']);
    const seeded = await dump(pins);

    expect(await migrateComments(pinsTarget())).toEqual({
      read: 3,
      moved: 1,
      comments: THREE.length,
      unpinned: 2,
    });
    expect(await post('quiet')).toEqual({ ...EARLIER.quiet, pinned: false });
    expect(await post('listed')).toMatchObject({
      pinned: false,
      comments: [],
      commentCount: THREE.length,
      cardComments: THREE,
    });
    expect(await post('pinned')).toEqual(EARLIER.pinned);
    const migrated = await dump(pins);
    const postName = pins.name('posts/pinned');
    expect(migrated[postName]).toBe(seeded[postName]);
    // Stamped as a write of the post, so open pages read it again; the pinned one is not.
    expect(Object.keys(migrated).filter((name) => name.includes('/postChanges/'))).toEqual([
      pins.name('postChanges/listed'),
      pins.name('postChanges/quiet'),
    ]);
    expect(await firstPage()).toEqual(['pinned', 'quiet', 'listed']);

    expect(await migrateComments(pinsTarget())).toEqual({
      read: 3,
      moved: 0,
      comments: 0,
      unpinned: 0,
    });
    expect(await dump(pins)).toEqual(migrated);
  });
});
