/**
 * The attack matrix: firestore.rules, as the emulator enforces it, against every persona and
 * every way a client could read or write, through the real Lite SDK.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collection,
  collectionGroup,
  deleteField,
  doc,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  Timestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Persona,
  type Harness,
} from '../../support/harness';
import { comment } from '../../support/fixtures';
// Post writes as the app makes them, each with its change stamp (postChanges.test.ts tests those).
import { addDoc, deleteDoc, setDoc, updateDoc } from '../../support/stampedWrites';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import { commentAs, edit as editWrites, PATHS, storeOf, tampered } from '../../support/thread';

const ADMIN = readAdminEmail();
const GOOGLE = { sign_in_provider: 'google.com' } as const;
const PERSONAS = {
  visitor: null,
  fan: googleUser('fan-1', 'fan@example.test'),
  otherFan: googleUser('fan-3', 'other@example.test'),
  unverifiedFan: {
    sub: 'fan-2',
    email: 'unverified@example.test',
    email_verified: false,
    firebase: GOOGLE,
  },
  admin: googleUser('admin-1', ADMIN),
  unverifiedAdmin: { sub: 'admin-2', email: ADMIN, email_verified: false, firebase: GOOGLE },
  noEmail: { sub: 'phone-1', email_verified: true, firebase: GOOGLE },
  // Verified e-mails from providers the product does not offer.
  passwordFan: {
    ...googleUser('pw-1', 'password@example.test'),
    firebase: { sign_in_provider: 'password' },
  },
  passwordAdmin: { ...googleUser('pw-2', ADMIN), firebase: { sign_in_provider: 'password' } },
  customTokenFan: { sub: 'custom-1', email: 'custom@example.test', email_verified: true },
} satisfies Record<string, Persona | null>;
type PersonaName = keyof typeof PERSONAS;

const FAN_EMAIL = PERSONAS.fan.email;

/** Text that a person would see as empty. */
const INVISIBLE = {
  'zero-width spaces': '\u200B\u200B\u200B',
  'a zero-width joiner, a word joiner and a BOM': '\u200D\u2060\uFEFF',
  'no-break and ideographic spaces': '\u00A0\u3000\u2007',
  'a Hangul filler': '\u3164',
  'combining marks alone': '\u0301\u0308',
  'a zero-width non-joiner': '\u200C',
  'a musical null notehead': '\u{1D159}',
  'an emoji variation selector and tags alone': '\uFE0F\u{E0067}\u{E007F}',
  'a blank Braille pattern and line separators': '\u2800\u2028\u2029',
  'bidi controls and a soft hyphen': '\u202E\u200F\u00AD',
};
const invisibleCases = Object.entries(INVISIBLE);
/** A character of 4 UTF-8 bytes, two UTF-16 code units (what `size()` counts on the engine). */
const EMOJI = '\u{1F3C6}';
/** A character of 3 UTF-8 bytes, one UTF-16 code unit. */
const CJK = '\u6F22';
/** What a fan may type and see: emoji of every Unicode age, flags, symbols, astral letters. */
const EMOJI_ONLY = {
  'emoji of Unicode 6 to 14': '😀🤣🥳🫠',
  'a heart hands emoji (Unicode 14)': '🫶',
  'a football': '⚽',
  'a fire emoji': '🔥',
  'a flag (regional indicators)': '🇦🇷',
  'a subdivision flag (a black flag and tags)':
    '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
  'a family (joined by ZWJ) and a skin tone': '👨\u200D👩\u200D👧 👍🏽',
  'Adlam letters (Unicode 9)': '\u{1E900}\u{1E901}',
  'a mathematical bold letter': '\u{1D400}',
};
const emojiOnlyCases = Object.entries(EMOJI_ONLY);

function urlOfLength(length: number): string {
  const base = 'https://img.example/';
  return base + 'x'.repeat(length - base.length);
}

function without(key: string): Record<string, unknown> {
  const post = newPost();
  delete post[key];
  return post;
}

let harness: Harness;
const as = (persona: PersonaName): Firestore => harness.client(PERSONAS[persona]);
const post = (db: Firestore, id = 'p1') => doc(db, 'posts', id);
const posts = (db: Firestore) => collection(db, 'posts');

beforeAll(async () => {
  harness = await startHarness('demo-rules-matrix');
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  await harness.seed('posts/p1', newPost());
});

type Case = [name: string, persona: PersonaName, run: (db: Firestore) => Promise<unknown>];

function allowed(cases: Case[]): void {
  it.each(cases)('allows: %s (as %s)', async (_, persona, run) => {
    await expectAllowed(run(as(persona)));
  });
}

function denied(cases: Case[]): void {
  it.each(cases)('denies: %s (as %s)', async (_, persona, run) => {
    await expectDenied(run(as(persona)));
  });
}

describe('reading posts', () => {
  const page = (db: Firestore, size: number) =>
    getDocs(query(posts(db), orderBy('created', 'desc'), limit(size)));
  allowed([
    ['get a post', 'visitor', (db) => getDoc(post(db))],
    ['get a post', 'fan', (db) => getDoc(post(db))],
    ['get a missing post', 'visitor', (db) => getDoc(post(db, 'nope'))],
    ['list a page of 35', 'visitor', (db) => page(db, 35)],
    ['list a page of 35', 'fan', (db) => page(db, 35)],
    ['list a page of 50', 'unverifiedFan', (db) => page(db, 50)],
    ['list a page of 1 without ordering', 'noEmail', (db) => getDocs(query(posts(db), limit(1)))],
    // An aggregation is checked as a list of its query.
    ['count a page of 50', 'visitor', (db) => getCount(query(posts(db), limit(50)))],
  ]);
  denied([
    ['list without a limit', 'visitor', (db) => getDocs(posts(db))],
    [
      'list without a limit',
      'admin',
      (db) => getDocs(query(posts(db), orderBy('created', 'desc'))),
    ],
    ['list a page of 51', 'fan', (db) => page(db, 51)],
    ['count every post', 'admin', (db) => getCount(posts(db))],
    [
      'list posts as a collection group',
      'visitor',
      (db) => getDocs(query(collectionGroup(db, 'posts'), limit(5))),
    ],
    ['list a page of 1000', 'admin', (db) => page(db, 1000)],
    ['get a document in another collection', 'visitor', (db) => getDoc(doc(db, 'users', 'fan-1'))],
    ['get a document in another collection', 'admin', (db) => getDoc(doc(db, 'settings', 'site'))],
    ['list another collection', 'fan', (db) => getDocs(query(collection(db, 'users'), limit(5)))],
    [
      'get a document of a post’s other subcollection',
      'visitor',
      (db) => getDoc(doc(db, 'posts/p1/likes/c1')),
    ],
  ]);
});

describe('list queries may not skip with an offset (skipped documents are billed)', () => {
  const pageQuery = (extra: Record<string, unknown>) => ({
    from: [{ collectionId: 'posts' }],
    orderBy: [{ field: { fieldPath: 'created' }, direction: 'DESCENDING' }],
    limit: 50,
    ...extra,
  });
  /** runQuery over REST with no credentials: for what the Lite SDK cannot send (offset). */
  const anonymousQuery = (structuredQuery: unknown) =>
    harness.rest('runQuery', { structuredQuery });
  it('allows an anonymous page without an offset, or with offset 0', async () => {
    expect((await anonymousQuery(pageQuery({}))).status).toBe(200);
    expect((await anonymousQuery(pageQuery({ offset: 0 }))).status).toBe(200);
  });
  it.each([1, 1000, 1_000_000_000])('denies an anonymous page with offset %i', async (offset) => {
    const response = await anonymousQuery(pageQuery({ offset }));
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});

describe('creating posts', () => {
  const create = (data: Record<string, unknown>) => (db: Firestore) => addDoc(posts(db), data);
  allowed([
    ['a valid post via addDoc', 'admin', create(newPost())],
    ['a valid post with a chosen id', 'admin', (db) => setDoc(post(db, 'chosen'), newPost())],
    [
      'https image and link',
      'admin',
      create(newPost({ imageUrl: 'https://img.example/a.jpg', link: 'https://news.example/a' })),
    ],
    ['an http link', 'admin', create(newPost({ link: 'http://news.example/a?b=c#d' }))],
    ['a 200-character title', 'admin', create(newPost({ title: 'T'.repeat(200) }))],
    [
      'a title with a space on each side',
      'admin',
      create(newPost({ title: ` ${'T'.repeat(198)} ` })),
    ],
    // Characters are UTF-16 code units (firestore.rules isText): an emoji is two.
    [
      'a 100-emoji title (200 UTF-16 units)',
      'admin',
      create(newPost({ title: EMOJI.repeat(100) })),
    ],
    ['a 200-CJK title (600 bytes)', 'admin', create(newPost({ title: CJK.repeat(200) }))],
    ...emojiOnlyCases.map(([what, text]): Case => [
      `a title of ${what}`,
      'admin',
      create(newPost({ title: text })),
    ]),
    ['20,000 characters of content', 'admin', create(newPost({ content: 'C'.repeat(20000) }))],
    [
      '20,000 two-byte characters of content',
      'admin',
      create(newPost({ content: 'é'.repeat(20000) })),
    ],
    ['a title of one emoji', 'admin', create(newPost({ title: EMOJI }))],
    ['a word with a zero-width space', 'admin', create(newPost({ title: 'Deal\u200B done' }))],
    ['a 2,048-character image URL', 'admin', create(newPost({ imageUrl: urlOfLength(2048) }))],
    ['created four minutes ago', 'admin', create(newPost({ created: Date.now() - 4 * 60_000 }))],
  ]);
  denied([
    ['a valid post', 'visitor', create(newPost())],
    ['a valid post', 'fan', create(newPost())],
    ['a valid post', 'unverifiedFan', create(newPost())],
    ['a valid post', 'unverifiedAdmin', create(newPost())],
    ['a valid post', 'noEmail', create(newPost())],
    ['a valid post', 'passwordAdmin', create(newPost())],
    [
      'a title padded with spaces past 200',
      'admin',
      create(newPost({ title: `  ${'T'.repeat(200)}  ` })),
    ],
    [
      'a title of one letter and 1,000 spaces',
      'admin',
      create(newPost({ title: `T${' '.repeat(1000)}` })),
    ],
    [
      'content of one letter and 1,048,000 spaces',
      'admin',
      create(newPost({ content: `C${' '.repeat(1_048_000)}` })),
    ],
    [
      'a 101-emoji title (202 UTF-16 units)',
      'admin',
      create(newPost({ title: EMOJI.repeat(101) })),
    ],
    [
      'a 200-emoji title (400 UTF-16 units)',
      'admin',
      create(newPost({ title: EMOJI.repeat(200) })),
    ],
    ['a 201-CJK title', 'admin', create(newPost({ title: CJK.repeat(201) }))],
    [
      '10,001 emoji of content (40,004 bytes)',
      'admin',
      create(newPost({ content: EMOJI.repeat(10001) })),
    ],
    ...invisibleCases.map(([what, text]): Case => [
      `a title of ${what}`,
      'admin',
      create(newPost({ title: text })),
    ]),
    ...invisibleCases.map(([what, text]): Case => [
      `content of ${what}`,
      'admin',
      create(newPost({ content: text })),
    ]),
    [
      'an image URL with a no-break space',
      'admin',
      create(newPost({ imageUrl: 'https://img.example/a\u00A0b.png' })),
    ],
    [
      'a link with a line separator',
      'admin',
      create(newPost({ link: 'https://news.example/a\u2028b' })),
    ],
    [
      'a 2,049-byte image URL of 2,048 characters',
      'admin',
      create(newPost({ imageUrl: `${urlOfLength(2047)}é` })),
    ],
    ['an empty title', 'admin', create(newPost({ title: '' }))],
    ['a whitespace-only title', 'admin', create(newPost({ title: ' \n\t ' }))],
    ['a 201-character title', 'admin', create(newPost({ title: 'T'.repeat(201) }))],
    ['a numeric title', 'admin', create(newPost({ title: 42 }))],
    ['empty content', 'admin', create(newPost({ content: '' }))],
    ['20,001 characters of content', 'admin', create(newPost({ content: 'C'.repeat(20001) }))],
    ['null content', 'admin', create(newPost({ content: null }))],
    ['a javascript: image URL', 'admin', create(newPost({ imageUrl: 'javascript:alert(1)' }))],
    [
      'a data: link',
      'admin',
      create(newPost({ link: 'data:text/html,<script>alert(1)</script>' })),
    ],
    ['an ftp link', 'admin', create(newPost({ link: 'ftp://files.example/a' }))],
    ['a link with a space', 'admin', create(newPost({ link: 'https://news.example/a b' }))],
    ['a 2,049-character image URL', 'admin', create(newPost({ imageUrl: urlOfLength(2049) }))],
    ['a numeric link', 'admin', create(newPost({ link: 7 }))],
    ['a missing imageUrl', 'admin', create(without('imageUrl'))],
    ['a missing title', 'admin', create(without('title'))],
    ['a missing created', 'admin', create(without('created'))],
    ['an extra field', 'admin', create(newPost({ author: ADMIN }))],
    ['non-empty comments', 'admin', create(newPost({ comments: [comment(ADMIN)] }))],
    ['comments as a map', 'admin', create(newPost({ comments: {} }))],
    [
      'a stale created (10 minutes ago)',
      'admin',
      create(newPost({ created: Date.now() - 10 * 60_000 })),
    ],
    [
      'a future created (10 minutes ahead)',
      'admin',
      create(newPost({ created: Date.now() + 10 * 60_000 })),
    ],
    ['created as a string', 'admin', create(newPost({ created: String(Date.now()) }))],
    ['created as a float', 'admin', create(newPost({ created: Date.now() + 0.5 }))],
    ['created as a timestamp', 'admin', create(newPost({ created: Timestamp.now() }))],
    ['a post in another collection', 'admin', (db) => addDoc(collection(db, 'drafts'), newPost())],
  ]);
});

describe('editing post content', () => {
  const edit = (data: Record<string, unknown>) => (db: Firestore) => updateDoc(post(db), data);
  allowed([
    ['new content', 'admin', edit({ content: 'Updated: the fee is confirmed.' })],
    [
      'the whole post rewritten with only content changed',
      'admin',
      (db) =>
        setDoc(post(db), { ...newPost(), content: 'Rewritten' }, { mergeFields: ['content'] }),
    ],
  ]);
  denied([
    ['new content', 'fan', edit({ content: 'Fake news' })],
    ['new content', 'visitor', edit({ content: 'Fake news' })],
    ['new content', 'unverifiedAdmin', edit({ content: 'Fake news' })],
    ['empty content', 'admin', edit({ content: '' })],
    ['whitespace-only content', 'admin', edit({ content: '   ' })],
    ['20,001 characters of content', 'admin', edit({ content: 'C'.repeat(20001) })],
    ['content and title', 'admin', edit({ content: 'New', title: 'New title' })],
    ['content and link', 'admin', edit({ content: 'New', link: 'https://x.example' })],
    [
      'content and imageUrl',
      'admin',
      edit({ content: 'New', imageUrl: 'https://x.example/i.png' }),
    ],
    ['content and created', 'admin', edit({ content: 'New', created: Date.now() })],
    ['content and the comment count', 'admin', edit({ content: 'New', commentCount: 5 })],
    ['content and the comments', 'admin', edit({ content: 'New', comments: [comment(ADMIN)] })],
    ['a new field', 'admin', edit({ pinned: true })],
    ['removing the title', 'admin', edit({ title: deleteField() })],
  ]);
});

describe('the deal status: one of a fixed list, set and changed by the administrator only', () => {
  // The list, written out: the rules must accept exactly these words.
  const STATUSES = ['Rumour', 'Talks', 'Bid made', 'Agreed', 'Medical', 'Done deal', 'Collapsed'];
  /** Values that are not one of the words: case, padding, invisible characters, other types. */
  const NOT_A_STATUS: [what: string, value: unknown][] = [
    ['the wrong case', 'rumour'],
    ['upper case', 'DONE DEAL'],
    ['a trailing space', 'Rumour '],
    ['a leading no-break space', '\u00A0Talks'],
    ['a zero-width space inside', 'Done\u200B deal'],
    ['a trailing zero-width joiner', 'Medical\u200D'],
    ['a double space', 'Bid  made'],
    ['an unknown word', 'Loan'],
    ['an empty string', ''],
    ['null', null],
    ['a number', 3],
    ['a boolean', true],
    ['a list of a status', ['Rumour']],
    ['a map holding a status', { value: 'Rumour' }],
  ];
  const create = (data: Record<string, unknown>) => (db: Firestore) => addDoc(posts(db), data);
  const edit =
    (data: Record<string, unknown>, id = 'p1') =>
    (db: Firestore) =>
      updateDoc(post(db, id), data);

  beforeEach(async () => {
    await harness.seed('posts/s1', newPost({ status: 'Talks' }));
  });

  describe('on create', () => {
    allowed([
      ...STATUSES.map((status): Case => [
        `status '${status}'`,
        'admin',
        create(newPost({ status })),
      ]),
      ['no status field (the spec’s post)', 'admin', create(newPost())],
    ]);
    denied([
      ...NOT_A_STATUS.map(([what, status]): Case => [
        `a status of ${what}`,
        'admin',
        create(newPost({ status })),
      ]),
      ['a valid post with a status', 'fan', create(newPost({ status: 'Done deal' }))],
      ['a valid post with a status', 'visitor', create(newPost({ status: 'Done deal' }))],
      ['a valid post with a status', 'unverifiedAdmin', create(newPost({ status: 'Agreed' }))],
      ['a valid post with a status', 'passwordAdmin', create(newPost({ status: 'Agreed' }))],
      ['a status and an extra field', 'admin', create(newPost({ status: 'Talks', stage: 2 }))],
    ]);
  });

  describe('on edit', () => {
    allowed([
      ['setting a status on a post without one', 'admin', edit({ status: 'Rumour' })],
      ['changing the status', 'admin', edit({ status: 'Medical' }, 's1')],
      ['removing the status', 'admin', edit({ status: deleteField() }, 's1')],
      [
        'content and status together',
        'admin',
        edit({ content: 'Fee agreed.', status: 'Agreed' }, 's1'),
      ],
      ['content only, keeping the status', 'admin', edit({ content: 'Still talking.' }, 's1')],
      [
        'content with the status removed, as the editor saves "No status"',
        'admin',
        edit({ content: 'No longer a story.', status: deleteField() }, 's1'),
      ],
    ]);
    denied([
      ...NOT_A_STATUS.map(([what, status]): Case => [
        `changing it to ${what}`,
        'admin',
        edit({ status }, 's1'),
      ]),
      ['setting a status', 'fan', edit({ status: 'Done deal' })],
      ['changing the status', 'fan', edit({ status: 'Collapsed' }, 's1')],
      ['removing the status', 'fan', edit({ status: deleteField() }, 's1')],
      ['changing the status', 'otherFan', edit({ status: 'Collapsed' }, 's1')],
      ['setting a status', 'visitor', edit({ status: 'Rumour' })],
      ['changing the status', 'unverifiedAdmin', edit({ status: 'Agreed' }, 's1')],
      ['changing the status', 'passwordAdmin', edit({ status: 'Agreed' }, 's1')],
      ['the status and the title', 'admin', edit({ status: 'Agreed', title: 'New title' }, 's1')],
    ]);
  });

  // A comment is the app's recipe (commentCommits.ts); a status may not ride along with it.
  const withStatus = (status: unknown) => editWrites(PATHS.post, (data) => ({ ...data, status }));

  it('denies a comment or a removal that also changes the status; allows the twins', async () => {
    await expectDenied(
      commentAs(harness, PERSONAS.fan, { postId: 's1', tamper: withStatus('Done deal') }),
    );
    await expectDenied(
      commentAs(harness, PERSONAS.admin, { postId: 's1', tamper: withStatus('Agreed') }),
    );
    await expectAllowed(commentAs(harness, PERSONAS.fan, { postId: 's1' }));
    const fanStore = storeOf(harness, PERSONAS.fan);
    const mine = comment(FAN_EMAIL);
    await expectDenied(commitRemoval(tampered(fanStore, withStatus(deleteField())), 's1', mine));
    await expectAllowed(commitRemoval(fanStore, 's1', mine));
    expect((await getDoc(post(as('visitor'), 's1'))).data()).toMatchObject({
      status: 'Talks',
      commentCount: 0,
    });
  });

  it('keeps what the administrator chose, and "No status" leaves no field behind', async () => {
    const admin = as('admin');
    await updateDoc(post(admin, 's1'), { content: 'Medical booked.', status: 'Medical' });
    expect((await getDoc(post(as('visitor'), 's1'))).get('status')).toBe('Medical');
    await updateDoc(post(admin, 's1'), { content: 'Off.', status: deleteField() });
    const stored = (await getDoc(post(as('visitor'), 's1'))).data() ?? {};
    expect(Object.keys(stored)).not.toContain('status');
    expect(stored.content).toBe('Off.');
  });
});

describe('deleting posts', () => {
  allowed([['a post', 'admin', (db) => deleteDoc(post(db))]]);
  denied([
    ['a post', 'visitor', (db) => deleteDoc(post(db))],
    ['a post', 'fan', (db) => deleteDoc(post(db))],
    ['a post', 'unverifiedFan', (db) => deleteDoc(post(db))],
    ['a post', 'unverifiedAdmin', (db) => deleteDoc(post(db))],
    ['a post', 'noEmail', (db) => deleteDoc(post(db))],
  ]);
});

describe('everything outside posts is denied', () => {
  denied([
    ['writing a user profile', 'fan', (db) => setDoc(doc(db, 'users', 'fan-1'), { name: 'Fan' })],
    [
      'writing site settings',
      'admin',
      (db) => setDoc(doc(db, 'settings', 'site'), { theme: 'light' }),
    ],
    [
      'writing a post subcollection',
      'admin',
      (db) => setDoc(doc(db, 'posts/p1/comments/c1'), comment(ADMIN)),
    ],
    ['deleting elsewhere', 'admin', (db) => deleteDoc(doc(db, 'users', 'fan-1'))],
  ]);
});

describe('the administrator e-mail in firestore.rules is the one the rules grant', () => {
  it(`lets ${ADMIN} (read from the adminEmail() line) create a post`, async () => {
    const db = harness.client(googleUser('admin-3', ADMIN));
    await expectAllowed(addDoc(posts(db), newPost()));
  });

  it('refuses the same request from any other verified address', async () => {
    const db = harness.client(googleUser('admin-4', `not-${ADMIN}`));
    await expectDenied(addDoc(posts(db), newPost()));
  });
});
