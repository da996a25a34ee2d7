/**
 * The comment summary kept beside a post's comments (firestore.rules summarisesComments,
 * src/features/posts/data/commentSummary.ts): `commentCount`, an integer equal to the number of
 * comments, and
 * `cardComments`, the comments themselves while there are at most 10, else none. Every write
 * that changes the comments sets it true to them; nothing else changes it. Each attack goes
 * through the Lite SDK as a hostile client could send it (REST with the same mock token where the
 * SDK cannot say it), beside its legitimate twin: the app's own write, in the same state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  arrayRemove,
  arrayUnion,
  collection,
  deleteField,
  doc,
  getDoc,
  increment,
  type Firestore,
} from 'firebase/firestore/lite';
import { toFields, toValue } from '../../scripts/lib/ownerClient';
import type { Fields } from '../../scripts/lib/restValue';
import {
  addComment,
  appendChange,
  removeComment,
  restComment,
  type AddComment,
  type KnownSummary,
} from '../support/commentCommit';
import {
  expectAllowed,
  expectDenied,
  legacyPost,
  newPost,
  startHarness,
  summaryOf,
  unsignedToken,
  withSummary,
  withoutKeys,
  type Harness,
} from '../support/harness';
import { ADMIN, comment, FAN, OTHER_FAN, TITLE } from '../support/fixtures';
import { addDoc, stampChange, updateDoc } from '../support/stampedWrites';

const OLD = [comment('a@example.test', 'First'), comment('b@example.test', 'Second')];
/** A fan's comment, and one another fan never wrote (forged on the card). */
const MINE = comment(FAN.email, 'Mine');
const FAKE = comment(OTHER_FAN.email, 'I never wrote this');
/** `count` comments by others, as a post holding that many has them. */
const thread = (count: number) =>
  Array.from({ length: count }, (_, i) => comment('x@example.test', `c${i}`));

let harness: Harness;
let admin: Firestore;
let fan: Firestore;

/** The fan's comment MINE on p1 as a hostile client sends it: REST JSON, `post` as its fields. */
function fanCommentsOverRest(post: Fields) {
  return restComment(harness, {
    token: unsignedToken(FAN),
    uid: FAN.sub,
    postId: 'p1',
    postTitle: TITLE,
    comment: MINE,
    post,
  });
}

beforeAll(async () => {
  harness = await startHarness('demo-rules-comment-summary');
  admin = harness.client(ADMIN);
  fan = harness.client(FAN);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  await harness.seed('posts/p1', newPost({ title: TITLE, comments: OLD }));
});

const post = (db: Firestore, id = 'p1') => doc(db, 'posts', id);

/** The fan's comment MINE on p1 as the app commits it, with `options` changing a piece. */
function commentAsFan(options: Partial<AddComment> = {}): Promise<void> {
  return addComment(fan, {
    uid: FAN.sub,
    postId: 'p1',
    postTitle: TITLE,
    comment: MINE,
    ...options,
  });
}

/** The app's blind append of MINE to a post whose summary is `known`, with fields over it. */
const blind = (known: KnownSummary, fields: Record<string, unknown>) => ({
  ...appendChange(MINE, known),
  ...fields,
});

/** p1's summary as seeded: two comments, both on its card. */
const P1 = summaryOf(OLD);

/** p1 as stored now. */
async function stored(id = 'p1'): Promise<Record<string, unknown>> {
  return (await getDoc(post(fan, id))).data() ?? {};
}

describe('a comment keeps the count: one more, an integer', () => {
  it('allows the app’s blind comment, and stores the count and the card it grows', async () => {
    await expectAllowed(commentAsFan());
    expect(await stored()).toMatchObject({
      ...summaryOf([...OLD, MINE]),
      comments: [...OLD, MINE],
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['rewrites the count as it was', { commentCount: 2 }],
    ['sets the count to 0', { commentCount: 0 }],
    ['adds 2 to the count', { commentCount: increment(2) }],
    ['sets the count to a huge number', { commentCount: Number.MAX_SAFE_INTEGER }],
    ['sets the count past 2^53 (a double)', { commentCount: 2 ** 60 }],
    ['sets the count to the string "3"', { commentCount: '3' }],
    ['sets the count to null', { commentCount: null }],
    ['deletes the count', { commentCount: deleteField() }],
  ])('denies a comment that %s (as fan), allows its twin', async (_, fields) => {
    await expectDenied(commentAsFan({ change: blind(P1, fields) }));
    await expectAllowed(commentAsFan());
  });

  it('denies a blind comment that leaves the count out of the write (as fan)', async () => {
    await expectDenied(
      commentAsFan({ change: withoutKeys(appendChange(MINE, P1), 'commentCount') }),
    );
    await expectAllowed(commentAsFan({ change: appendChange(MINE, P1) }));
  });

  // The Lite SDK sends every safe whole number as an integer (3.0 is 3 in JavaScript): a hostile
  // client's JSON sends the double itself. Google's engine holds 3.0 == 3
  // (tests/rules/googleEngine.test.ts), so summarisesComments asks `is int` as well.
  it('denies a count of 3.0 (a double, over REST) and allows the integer 3 (as fan)', async () => {
    const list = toValue([...OLD, MINE]);
    const write = (commentCount: Fields[string]) =>
      fanCommentsOverRest({ comments: list, commentCount, cardComments: list });
    expect((await write({ doubleValue: 3 })).status).toBe(403);
    expect((await write({ integerValue: '3' })).status).toBe(200);
    expect((await harness.owner.get('posts/p1'))?.fields.commentCount).toEqual({
      integerValue: '3',
    });
  });
});

describe('a comment keeps the card: every comment while there are at most 10, else none', () => {
  it.each<[string, Record<string, unknown>]>([
    ['leaves the card stale', {}],
    ['reorders the card', { cardComments: [OLD[1], OLD[0], MINE] }],
    ['puts another fan’s fake comment on the card', { cardComments: arrayUnion(FAKE) }],
    ['adds a fake comment beside its own', { cardComments: arrayUnion(MINE, FAKE) }],
    ['swaps an earlier comment for a fake one', { cardComments: [OLD[0], FAKE, MINE] }],
    ['clears the card too early', { cardComments: [] }],
    ['sets the card to null', { cardComments: null }],
    ['deletes the card', { cardComments: deleteField() }],
    [
      'puts its comment with a key named constructor on the card',
      { cardComments: arrayUnion({ ...MINE, constructor: 'x' }) },
    ],
  ])('denies a comment that %s (as fan), allows its twin', async (_, fields) => {
    const noCard = withoutKeys(appendChange(MINE, P1), 'cardComments');
    await expectDenied(commentAsFan({ change: { ...noCard, ...fields } }));
    await expectAllowed(commentAsFan());
  });

  it('allows the 10th comment onto the card; denies it cleared or padded there (as fan)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: thread(9) }));
    const nine = summaryOf(thread(9));
    await expectDenied(commentAsFan({ change: blind(nine, { cardComments: [] }) }));
    await expectDenied(
      commentAsFan({ change: blind(nine, { cardComments: arrayUnion(MINE, FAKE) }) }),
    );
    await expectAllowed(commentAsFan({ known: nine }));
    expect(await stored()).toMatchObject({ commentCount: 10, cardComments: [...thread(9), MINE] });
  });

  it('allows the 11th comment clearing the card; denies it kept or padded to 11 (as fan)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: thread(10) }));
    const ten = summaryOf(thread(10));
    expect(appendChange(MINE, ten)).toMatchObject({ cardComments: [] });
    // Not cleared: the 10 left as they were.
    await expectDenied(
      commentAsFan({ change: withoutKeys(appendChange(MINE, ten), 'cardComments') }),
    );
    // Padded: the 11th comment appended to the card as to the list.
    await expectDenied(commentAsFan({ change: blind(ten, { cardComments: arrayUnion(MINE) }) }));
    await expectAllowed(commentAsFan({ known: ten }));
    expect(await stored()).toMatchObject({ commentCount: 11, cardComments: [] });
  });

  it('denies putting comments back on the card past 10 (as fan)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: thread(12) }));
    const twelve = summaryOf(thread(12));
    await expectDenied(
      commentAsFan({ change: blind(twelve, { cardComments: [...thread(12), MINE] }) }),
    );
    await expectDenied(commentAsFan({ change: blind(twelve, { cardComments: [MINE] }) }));
    await expectAllowed(commentAsFan({ known: twelve }));
  });

  // The SDK refuses the name itself; a hostile client's JSON reaches the server as it is.
  it('refuses a card item with a key named __proto__ (over REST), allows it clean (as fan)', async () => {
    const list = [...OLD, MINE];
    // Parsed from JSON, so __proto__ is a key of the map, not its prototype.
    const withProto: Fields[string] = JSON.parse(
      JSON.stringify(toValue(list)).replace(
        '"text":{"stringValue":"Mine"}',
        '"text":{"stringValue":"Mine"},"__proto__":{"stringValue":"x"}',
      ),
    );
    expect(JSON.stringify(withProto)).toContain('__proto__');
    const write = (cardComments: Fields[string]) =>
      fanCommentsOverRest({ ...toFields({ comments: list, commentCount: 3 }), cardComments });
    // Refused before the rules: Firestore reserves field names of the form __.*__.
    const refused = await write(withProto);
    expect(refused).toMatchObject({
      status: 400,
      json: { error: { status: 'INVALID_ARGUMENT', message: expect.stringMatching(/reserved/) } },
    });
    expect(await stored()).toMatchObject({ commentCount: 2 });
    expect((await write(toValue(list))).status).toBe(200);
  });
});

describe('nothing but a change to the comments changes the summary', () => {
  it.each<[string, Record<string, unknown>]>([
    ['one more in the count', { commentCount: increment(1) }],
    ['a count of 100', { commentCount: 100 }],
    ['the card emptied', { cardComments: [] }],
    ['a fake comment on the card, counted', { commentCount: 3, cardComments: [...OLD, FAKE] }],
  ])('denies a fan writing only the summary: %s; allows the twin comment', async (_, fields) => {
    await expectDenied(updateDoc(post(fan), fields));
    await expectAllowed(commentAsFan());
  });

  it.each<[string, Record<string, unknown>]>([
    ['an edit that changes the count', { content: 'Edited.', commentCount: 5 }],
    ['an edit that empties the card', { content: 'Edited.', cardComments: [] }],
    ['an edit that deletes the count', { content: 'Edited.', commentCount: deleteField() }],
    ['a close that changes the count', { closed: true, commentCount: 0 }],
    ['a close that deletes the card', { closed: true, cardComments: deleteField() }],
    ['the summary alone', { commentCount: 3 }],
  ])('denies the administrator %s', async (_, fields) => {
    await expectDenied(updateDoc(post(admin), fields));
  });

  it('allows the administrator’s edit and close, the summary untouched', async () => {
    await expectAllowed(updateDoc(post(admin), { content: 'Edited.' }));
    await expectAllowed(updateDoc(post(admin), { closed: true }));
    expect(await stored()).toMatchObject(P1);
  });

  it('denies a comment on one post that also writes another post’s summary (as fan)', async () => {
    await harness.seed('posts/p2', newPost({ title: 'Keeper joins on loan', comments: OLD }));
    const alsoP2 = (fields: Record<string, unknown>) =>
      commentAsFan({
        also: (writes) => {
          writes.update(post(fan, 'p2'), fields);
          stampChange(fan, writes, 'p2');
        },
      });
    await expectDenied(alsoP2({ commentCount: increment(1) }));
    await expectDenied(alsoP2({ commentCount: 3, cardComments: [...OLD, MINE] }));
    await expectAllowed(commentAsFan());
    expect((await stored('p2')).commentCount).toBe(2);
  });
});

describe('a new post: an empty summary, both fields', () => {
  const create = (data: Record<string, unknown>) => addDoc(collection(admin, 'posts'), data);

  it('allows the app’s new post', async () => {
    await expectAllowed(create(newPost()));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a count of 1', newPost({ commentCount: 1 })],
    ['a count of -0 (a double the SDK sends as one)', newPost({ commentCount: -0 })],
    ['a count of the string "0"', newPost({ commentCount: '0' })],
    ['a null count', newPost({ commentCount: null })],
    ['a comment on the card', newPost({ cardComments: [comment(ADMIN.email)] })],
    ['a card of null', newPost({ cardComments: null })],
    ['no count', withoutKeys(newPost(), 'commentCount')],
    ['no card', withoutKeys(newPost(), 'cardComments')],
  ])('denies a post with %s (as admin)', async (_, data) => {
    await expectDenied(create(data));
  });
});

describe('a post written before the summary (no commentCount, no cardComments)', () => {
  beforeEach(async () => {
    await harness.seed('posts/p1', legacyPost({ title: TITLE, comments: OLD }));
  });

  it('allows the first comment since, setting both (the app reads the post first)', async () => {
    await expectAllowed(commentAsFan());
    expect(await stored()).toMatchObject(withSummary([...OLD, MINE]));
  });

  it.each<[string, Record<string, unknown>]>([
    ['leaves both absent', { comments: arrayUnion(MINE) }],
    ['sets the count alone', { comments: arrayUnion(MINE), commentCount: 3 }],
    ['sets the card alone', { comments: arrayUnion(MINE), cardComments: [...OLD, MINE] }],
    // increment on a missing field starts from 0, arrayUnion from []: a count of 1, a card of one.
    ['writes blind as if the summary were known', appendChange(MINE, P1)],
  ])('denies a comment that %s (as fan), allows its twin', async (_, change) => {
    await expectDenied(commentAsFan({ change }));
    await expectAllowed(commentAsFan());
  });

  it('allows a removal setting both, denies one leaving them absent (as fan)', async () => {
    await harness.seed('posts/p1', legacyPost({ title: TITLE, comments: [...OLD, MINE] }));
    const removal = { postId: 'p1', comment: MINE };
    await expectDenied(removeComment(fan, { ...removal, change: { comments: OLD } }));
    await expectAllowed(removeComment(fan, removal));
    expect(await stored()).toMatchObject(withSummary(OLD));
  });

  it('stays without a summary through the administrator’s edit and close', async () => {
    await expectAllowed(updateDoc(post(admin), { content: 'Edited.' }));
    await expectAllowed(updateDoc(post(admin), { closed: true }));
    expect(Object.keys(await stored())).not.toContain('commentCount');
  });
});

describe('a removal lowers the count and keeps the card', () => {
  const THREE = [OLD[0], MINE, OLD[1]];
  const removal = (fields: Record<string, unknown>) => ({
    postId: 'p1',
    comment: MINE,
    change: { ...withSummary(OLD), ...fields },
  });

  beforeEach(async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: THREE }));
  });

  it.each<[string, Record<string, unknown>]>([
    ['does not lower the count', { commentCount: 3 }],
    ['lowers the count by 2', { commentCount: 1 }],
    ['leaves the removed comment on the card', { cardComments: THREE }],
    ['deletes the card', { cardComments: deleteField() }],
  ])('denies a removal that %s (as fan), allows its twin', async (_, fields) => {
    await expectDenied(removeComment(fan, removal(fields)));
    await expectAllowed(removeComment(fan, removal({})));
  });

  it('denies the last comment’s removal to a count of -0 (a double), allows 0 (as fan)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: [MINE] }));
    const toNone = (commentCount: number) => ({
      postId: 'p1',
      comment: MINE,
      change: { comments: arrayRemove(MINE), commentCount, cardComments: [] },
    });
    await expectDenied(removeComment(fan, toNone(-0)));
    await expectAllowed(removeComment(fan, toNone(0)));
    expect((await harness.owner.get('posts/p1'))?.fields.commentCount).toEqual({
      integerValue: '0',
    });
  });

  it('puts the 10 left back on the card when the 11th goes, as the app does (as fan)', async () => {
    const eleven = [...thread(10), MINE];
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: eleven }));
    const stale = { comments: thread(10), commentCount: 10, cardComments: [] };
    await expectDenied(removeComment(fan, { postId: 'p1', comment: MINE, change: stale }));
    await expectAllowed(removeComment(fan, { postId: 'p1', comment: MINE }));
    expect(await stored()).toMatchObject(withSummary(thread(10)));
  });
});

describe('the largest thread: 400 comments, counted, none on the card', () => {
  it('allows the 400th comment to a post of 399 and denies a card holding them (as fan)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: thread(399) }));
    const full = summaryOf(thread(399));
    expect(full).toEqual({ commentCount: 399, cardComments: [] });
    await expectDenied(
      commentAsFan({ change: blind(full, { cardComments: [...thread(399), MINE] }) }),
    );
    await expectAllowed(commentAsFan({ known: full }));
    expect(await stored()).toMatchObject({ commentCount: 400, cardComments: [] });
  });
});
