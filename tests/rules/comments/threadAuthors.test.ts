/**
 * Who may add a comment to a thread, with what text, and what comes with it (firestore.rules
 * posts/{postId}/comments isNewComment, comments/{copyId}, commenters/{uid}): each attack beside
 * its twin, the app's recipe (src/features/feed/store/commentCommits.ts) in the same state.
 * Attacks that change the recipe's commit change one piece of it (tests/support/thread.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import { commentCopy } from '../../../src/features/feed/store/commentCommits';
import { commentId } from '../../../src/features/comments/data/commentCopies';
import {
  expectAllowed,
  expectDenied,
  rejection,
  startHarness,
  type Harness,
  type Persona,
} from '../../support/harness';
import { ADMIN, comment, FAN, NOT_ADMIN, OTHER_FAN, TITLE } from '../../support/fixtures';
import {
  all,
  commentAs,
  drop,
  edit,
  lastCommented,
  PATHS,
  postData,
  seedMarked,
  seedPost,
  threadIds,
  type Tamper,
  type Write,
} from '../../support/thread';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread-authors');
});
afterAll(() => harness.close());
beforeEach(async () => {
  await harness.clear();
  await seedPost(harness, 'p1');
});

/** Text that a person would see as empty. */
const INVISIBLE = {
  'spaces and line breaks': '  \n\t ',
  'zero-width spaces': '\u200B\u200B\u200B',
  'a zero-width joiner, a word joiner and a BOM': '\u200D\u2060\uFEFF',
  'no-break and ideographic spaces': '\u00A0\u3000\u2007',
  'Hangul fillers': '\u115F\u1160\u3164\uFFA0',
  'combining marks alone': '\u0301\u0308',
  'a musical null notehead': '\u{1D159}',
  'an emoji variation selector and tags alone': '\uFE0F\u{E0067}\u{E007F}',
  'a blank Braille pattern and line separators': '\u2800\u2028\u2029',
  'bidi controls and a soft hyphen': '\u202E\u200F\u00AD',
  'unassigned U+2065 and U+FFF0': '\u2065\uFFF0',
  'nothing at all': '',
};
const EMOJI = '\u{1F3C6}';

describe('forged identities', () => {
  const others: [string, Persona | null][] = [
    // The other entries of NOT_ADMIN are verified Google accounts, who may comment as themselves.
    ...Object.entries(NOT_ADMIN).filter(([name]) => !['fan', 'another e-mail'].includes(name)),
    ['an unverified fan', { ...FAN, email_verified: false }],
    ['a password fan', { ...FAN, firebase: { sign_in_provider: 'password' } }],
    ['a custom-token fan', { sub: FAN.sub, email: FAN.email, email_verified: true }],
  ];

  it.each(others)('denies a comment by %s; allows the verified Google fan', async (_, persona) => {
    await expectDenied(commentAs(harness, persona, { user: FAN.email }));
    await expectDenied(commentAs(harness, persona));
    await expectAllowed(commentAs(harness, FAN));
  });

  it.each([
    ['another fan’s e-mail', OTHER_FAN.email],
    ['the administrator’s e-mail', ADMIN.email],
    ['the e-mail in another case', FAN.email.toUpperCase()],
  ])('denies a fan’s comment under %s; allows their own', async (_, user) => {
    await expectDenied(commentAs(harness, FAN, { user }));
    await expectAllowed(commentAs(harness, FAN));
    expect(await threadIds(harness)).toHaveLength(1);
  });

  it('denies the administrator’s comment under a fan’s e-mail; allows their own', async () => {
    await expectDenied(commentAs(harness, ADMIN, { user: FAN.email }));
    await expectAllowed(commentAs(harness, ADMIN));
  });

  it.each([
    ['on the copy', PATHS.copy],
    ['on the rate-limit stamp', PATHS.commenter],
  ])('denies a comment with another account %s (as fan)', async (_, which) => {
    const tamper =
      which === PATHS.copy
        ? edit(which, (data) => ({ ...data, uid: OTHER_FAN.sub }))
        : (writes: Write[]) =>
            writes.map((each) =>
              which(each.path) ? { ...each, path: `commenters/${OTHER_FAN.sub}` } : each,
            );
    await expectDenied(commentAs(harness, FAN, { tamper }));
    await expectAllowed(commentAs(harness, FAN));
  });
});

describe('padded and invisible text', () => {
  it.each(Object.entries(INVISIBLE))('denies a comment of %s', async (_, text) => {
    await expectDenied(commentAs(harness, FAN, { text }));
    await expectAllowed(commentAs(harness, FAN, { text: `\u3164${text}a` }));
  });

  it.each([
    ['1,001 characters', 'x'.repeat(1001), 'x'.repeat(1000)],
    ['a letter padded with 1,000 spaces', ` ${'x'.repeat(999)} `, ` ${'x'.repeat(998)} `],
    ['501 emoji (2,004 UTF-8 bytes)', EMOJI.repeat(501), EMOJI.repeat(500)],
    ['1,001 Cyrillic letters', 'ж'.repeat(1001), 'ж'.repeat(1000)],
    ["'a' and 1,048,000 spaces", `a${' '.repeat(1_048_000)}`, `a${' '.repeat(999)}`],
  ])('denies a comment of %s; allows it at the cap', async (_, over, atCap) => {
    await expectDenied(commentAs(harness, FAN, { text: over }));
    await expectAllowed(commentAs(harness, FAN, { text: atCap }));
  });

  it('denies a date of 65 bytes or a number; allows 64 bytes', async () => {
    const dated = (date: string) => ({ user: FAN.email, text: 'Hi', date });
    await expectDenied(commentAs(harness, FAN, { comment: dated('d'.repeat(65)) }));
    await expectDenied(
      commentAs(harness, FAN, { tamper: edit(PATHS.thread, (data) => ({ ...data, date: 5 })) }),
    );
    await expectAllowed(commentAs(harness, FAN, { comment: dated('d'.repeat(64)) }));
  });
});

describe('the thread document, its copy and its rate-limit stamp go together', () => {
  /** The recipe's commit with every mention of the comment's id renamed. */
  const renamed =
    (to: string): Tamper =>
    (writes) =>
      writes.map((each) => ({
        ...each,
        path: each.path.replace(/[^/]*_[0-9a-f]{64}$/, to),
        data: Object.fromEntries(
          Object.entries(each.data ?? {}).map(([key, value]) => [
            key,
            typeof value === 'string' && /_[0-9a-f]{64}$/.test(value) ? to : value,
          ]),
        ),
      }));

  it.each<[string, Tamper]>([
    ['at an id that is not its hash (thread, copy and stamps alike)', renamed('p1_chosen')],
    ['at another comment’s hash', renamed(`p1_${'a'.repeat(64)}`)],
    ['without its moderation copy', drop(PATHS.copy)],
    ['without its thread document (a copy alone)', all(drop(PATHS.thread), drop(PATHS.post))],
    ['without its rate-limit stamp', drop(PATHS.commenter)],
    [
      'with a rate-limit stamp naming another comment',
      edit(PATHS.commenter, (data) => ({ ...data, target: 'p1_other' })),
    ],
    [
      'with a rate-limit stamp at a time the client chose',
      edit(PATHS.commenter, (data) => ({ ...data, last: sdk.Timestamp.now() })),
    ],
    ['with a copy of other text', edit(PATHS.copy, (data) => ({ ...data, text: 'Else' }))],
    ['with a copy of another post', edit(PATHS.copy, (data) => ({ ...data, postId: 'p2' }))],
    ['with a copy already reported', edit(PATHS.copy, (data) => ({ ...data, reports: 1 }))],
    ['with a copy of an extra field', edit(PATHS.copy, (data) => ({ ...data, likes: 0 }))],
    [
      'with a thread document dated by the client',
      edit(PATHS.thread, (data) => ({ ...data, at: sdk.Timestamp.now() })),
    ],
    [
      'with a thread document of other text than its copy',
      edit(PATHS.thread, (data) => ({ ...data, text: 'Else' })),
    ],
  ])('denies a comment %s (as fan); allows its twin', async (_, tamper) => {
    await expectDenied(commentAs(harness, FAN, { tamper }));
    await expectAllowed(commentAs(harness, FAN));
  });

  it('denies a copy alone or a thread document alone, on a marked post too', async () => {
    await seedMarked(harness);
    const item = comment(FAN.email, 'Alone');
    const id = await commentId('p1', item);
    const db = harness.client(FAN);
    const alone = (path: string, data: Record<string, unknown>) => {
      const batch = sdk.writeBatch(db);
      batch.set(sdk.doc(db, path), data);
      batch.set(sdk.doc(db, 'commenters', FAN.sub), {
        last: sdk.serverTimestamp(),
        target: id,
      });
      return batch.commit();
    };
    const copy = { postId: 'p1', postTitle: TITLE, comment: item, uid: FAN.sub };
    await expectDenied(alone(`comments/${id}`, commentCopy(copy, sdk.serverTimestamp())));
    await expectDenied(alone(`posts/p1/comments/${id}`, { ...item, at: sdk.serverTimestamp() }));
    await expectAllowed(commentAs(harness, FAN, { text: 'Alone' }));
  });
});

describe('one comment every 10 seconds per account, across all posts', () => {
  beforeEach(() => seedPost(harness, 'p2'));

  it('refuses a second comment at once, on the same post or another, and keeps the first', async () => {
    await expectAllowed(commentAs(harness, FAN, { text: 'First!' }));
    await expectDenied(commentAs(harness, FAN, { text: 'Second' }));
    await expectDenied(commentAs(harness, FAN, { postId: 'p2', text: 'Elsewhere' }));
    await expectAllowed(commentAs(harness, OTHER_FAN, { text: 'Me too' }));
    expect(await threadIds(harness)).toHaveLength(2);
    expect(await threadIds(harness, 'p2')).toEqual([]);
  });

  it('refuses a comment 5 seconds after the last one and allows one 11 seconds after', async () => {
    await lastCommented(harness, FAN.sub, 5);
    await expectDenied(commentAs(harness, FAN));
    await lastCommented(harness, FAN.sub, 11);
    await expectAllowed(commentAs(harness, FAN));
  });

  it('refuses a comment on a marked post too soon, and allows it later', async () => {
    await seedMarked(harness);
    await lastCommented(harness, FAN.sub, 5);
    await expectDenied(commentAs(harness, FAN, { shard: 3 }));
    await lastCommented(harness, FAN.sub, 11);
    await expectAllowed(commentAs(harness, FAN, { shard: 3 }));
  });

  it('denies deleting the own stamp to reset the limit', async () => {
    await lastCommented(harness, FAN.sub, 1);
    await expectDenied(sdk.deleteDoc(sdk.doc(harness.client(FAN), 'commenters', FAN.sub)));
  });
});

describe('suspended accounts and closed posts', () => {
  const suspend = (until: Date | null) =>
    harness.seed(`suspensions/${FAN.sub}`, { until, at: new Date(), user: FAN.email });

  it('denies comments from an account suspended until later, or for good, summary or counter', async () => {
    await suspend(new Date(Date.now() + 3_600_000));
    await expectDenied(commentAs(harness, FAN));
    await suspend(null);
    await expectDenied(commentAs(harness, FAN));
    await seedMarked(harness);
    await expectDenied(commentAs(harness, FAN));
    await expectAllowed(commentAs(harness, OTHER_FAN));
  });

  it('allows comments once the suspension has ended', async () => {
    await suspend(new Date(Date.now() - 1000));
    await expectAllowed(commentAs(harness, FAN));
  });

  it.each([
    ['a post whose summary counts', { count: 2 }],
    ['a marked post', { count: 8, marked: true }],
  ])(
    'denies comments on %s while closed, the administrator’s too; allows them open',
    async (_, state) => {
      await seedPost(harness, 'p1', { ...state, fields: { closed: true } });
      await expectDenied(commentAs(harness, FAN));
      await expectDenied(commentAs(harness, ADMIN));
      await seedPost(harness, 'p1', { ...state, fields: { closed: false } });
      await expectAllowed(commentAs(harness, FAN));
      expect((await postData(harness)).closed).toBe(false);
    },
  );

  it('denies a comment on a post that does not exist (the recipe then finds it gone)', async () => {
    const view = { commentCount: 0, cardComments: [], moreComments: false };
    const error = await rejection(commentAs(harness, FAN, { postId: 'nope', view }));
    expect(error.code).toBe('not-found');
    expect(await threadIds(harness, 'nope')).toEqual([]);
  });
});
