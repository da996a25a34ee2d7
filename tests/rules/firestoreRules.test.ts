/**
 * The attack matrix: firestore.rules, as the emulator enforces it, against every persona and
 * every way a client could read or write, through the real Lite SDK.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  collectionGroup,
  deleteDoc,
  deleteField,
  doc,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import {
  expectAllowed,
  expectDenied,
  startRulesHarness,
  type Persona,
  type RulesHarness,
} from './rulesHarness';

const ADMIN = readAdminEmail();
const PERSONAS = {
  visitor: null,
  fan: { sub: 'fan-1', email: 'fan@example.test', email_verified: true },
  unverifiedFan: { sub: 'fan-2', email: 'unverified@example.test', email_verified: false },
  admin: { sub: 'admin-1', email: ADMIN, email_verified: true },
  unverifiedAdmin: { sub: 'admin-2', email: ADMIN, email_verified: false },
  noEmail: { sub: 'phone-1', email_verified: true },
} satisfies Record<string, Persona | null>;
type PersonaName = keyof typeof PERSONAS;

const FAN_EMAIL = PERSONAS.fan.email;
const DATE = '01/03/2026, 12:00:00';
const comment = (user: string, text = 'Great signing!', date = DATE) => ({ user, text, date });
const OLD_COMMENTS = [comment('a@example.test', 'First'), comment('b@example.test', 'Second')];

function newPost(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Striker signs a four-year deal',
    content: 'The club confirms the arrival of a new number nine.',
    imageUrl: '',
    link: '',
    comments: [],
    created: Date.now(),
    ...overrides,
  };
}

function urlOfLength(length: number): string {
  const base = 'https://img.example/';
  return base + 'x'.repeat(length - base.length);
}

function without(key: string): Record<string, unknown> {
  const post = newPost();
  delete post[key];
  return post;
}

let harness: RulesHarness;
const as = (persona: PersonaName): Firestore => harness.client(PERSONAS[persona]);
const post = (db: Firestore, id = 'p1') => doc(db, 'posts', id);
const posts = (db: Firestore) => collection(db, 'posts');

beforeAll(async () => {
  harness = await startRulesHarness(`demo-rules-matrix-${process.pid}`);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  await harness.seed('posts/p1', newPost({ comments: OLD_COMMENTS }));
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
      'get a subcollection document of a post',
      'visitor',
      (db) => getDoc(doc(db, 'posts/p1/comments/c1')),
    ],
  ]);
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
    ['a title padded with spaces', 'admin', create(newPost({ title: `  ${'T'.repeat(200)}  ` }))],
    ['20,000 characters of content', 'admin', create(newPost({ content: 'C'.repeat(20000) }))],
    ['a 2,048-character image URL', 'admin', create(newPost({ imageUrl: urlOfLength(2048) }))],
    ['created four minutes ago', 'admin', create(newPost({ created: Date.now() - 4 * 60_000 }))],
  ]);
  denied([
    ['a valid post', 'visitor', create(newPost())],
    ['a valid post', 'fan', create(newPost())],
    ['a valid post', 'unverifiedFan', create(newPost())],
    ['a valid post', 'unverifiedAdmin', create(newPost())],
    ['a valid post', 'noEmail', create(newPost())],
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
        setDoc(
          post(db),
          { ...newPost({ comments: OLD_COMMENTS }), content: 'Rewritten' },
          { mergeFields: ['content'] },
        ),
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
    ['content and comments', 'admin', edit({ content: 'New', comments: [] })],
    ['a new field', 'admin', edit({ pinned: true })],
    ['removing the title', 'admin', edit({ title: deleteField() })],
  ]);
});

describe('commenting', () => {
  const add =
    (...items: unknown[]) =>
    (db: Firestore) =>
      updateDoc(post(db), { comments: arrayUnion(...items) });
  const replace = (list: unknown[]) => (db: Firestore) => updateDoc(post(db), { comments: list });
  const seedFull = (count: number) =>
    harness.seed(
      'posts/big',
      newPost({
        comments: Array.from({ length: count }, (_, i) => comment('x@example.test', `c${i}`)),
      }),
    );

  allowed([
    ['one comment via arrayUnion', 'fan', add(comment(FAN_EMAIL))],
    ['one comment via arrayUnion', 'admin', add(comment(ADMIN, 'Official: welcome!'))],
    [
      'the whole list with one comment appended',
      'fan',
      replace([...OLD_COMMENTS, comment(FAN_EMAIL)]),
    ],
    ['a 1,000-character comment', 'fan', add(comment(FAN_EMAIL, 'x'.repeat(1000)))],
    ['a 64-character date', 'fan', add(comment(FAN_EMAIL, 'Hi', 'd'.repeat(64)))],
  ]);
  denied([
    ['a comment', 'visitor', add(comment('visitor@example.test'))],
    ['a comment', 'unverifiedFan', add(comment(PERSONAS.unverifiedFan.email))],
    ['a comment', 'noEmail', add(comment(''))],
    ['a comment forged as another user', 'fan', add(comment('someone.else@example.test'))],
    ['a comment forged as the admin', 'fan', add(comment(ADMIN))],
    ['an empty comment', 'fan', add(comment(FAN_EMAIL, ''))],
    ['a whitespace-only comment', 'fan', add(comment(FAN_EMAIL, '  \n '))],
    ['a 1,001-character comment', 'fan', add(comment(FAN_EMAIL, 'x'.repeat(1001)))],
    ['a numeric comment text', 'fan', add({ user: FAN_EMAIL, text: 5, date: DATE })],
    ['a comment with an extra key', 'fan', add({ ...comment(FAN_EMAIL), likes: 0 })],
    ['a comment without a date', 'fan', add({ user: FAN_EMAIL, text: 'Hi' })],
    ['a 65-character date', 'fan', add(comment(FAN_EMAIL, 'Hi', 'd'.repeat(65)))],
    ['a numeric date', 'fan', add({ user: FAN_EMAIL, text: 'Hi', date: Date.now() })],
    ['a comment that is a string', 'fan', add('just text')],
    ['two comments at once', 'fan', add(comment(FAN_EMAIL, 'One'), comment(FAN_EMAIL, 'Two'))],
    [
      'an older comment altered',
      'fan',
      replace([comment('a@example.test', 'Edited'), OLD_COMMENTS[1], comment(FAN_EMAIL)]),
    ],
    [
      'an older comment removed',
      'fan',
      (db) => updateDoc(post(db), { comments: arrayRemove(OLD_COMMENTS[0]) }),
    ],
    [
      'an older comment removed while adding one',
      'fan',
      replace([OLD_COMMENTS[1], comment(FAN_EMAIL)]),
    ],
    ['comments reordered', 'fan', replace([OLD_COMMENTS[1], OLD_COMMENTS[0], comment(FAN_EMAIL)])],
    ['the new comment inserted first', 'fan', replace([comment(FAN_EMAIL), ...OLD_COMMENTS])],
    ['all comments replaced by one', 'fan', replace([comment(FAN_EMAIL)])],
    [
      'a comment together with a content change',
      'fan',
      (db) => updateDoc(post(db), { comments: arrayUnion(comment(FAN_EMAIL)), content: 'Hacked' }),
    ],
    [
      'a comment together with a content change',
      'admin',
      (db) =>
        updateDoc(post(db), { comments: arrayUnion(comment(ADMIN)), content: 'Both at once' }),
    ],
  ]);

  it('denies: a comment on a post that already has 500 (as fan)', async () => {
    await seedFull(500);
    await expectDenied(
      updateDoc(post(as('fan'), 'big'), { comments: arrayUnion(comment(FAN_EMAIL)) }),
    );
  });

  it('allows: the 500th comment (as fan)', async () => {
    await seedFull(499);
    await expectAllowed(
      updateDoc(post(as('fan'), 'big'), { comments: arrayUnion(comment(FAN_EMAIL)) }),
    );
  });

  it('keeps all 50 comments when 50 fans comment on one post at the same moment', async () => {
    const fans = Array.from({ length: 50 }, (_, i) =>
      harness.client({ sub: `crowd-${i}`, email: `fan${i}@example.test`, email_verified: true }),
    );
    await Promise.all(
      fans.map((db, i) =>
        updateDoc(post(db), { comments: arrayUnion(comment(`fan${i}@example.test`, `Goal ${i}`)) }),
      ),
    );
    const snapshot = await getDoc(post(as('visitor')));
    const comments = snapshot.get('comments') as { user: string }[]; // seeded and written as such
    const users = new Set(comments.map((c) => c.user));
    expect(comments).toHaveLength(52);
    for (let i = 0; i < 50; i += 1) expect(users.has(`fan${i}@example.test`)).toBe(true);
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
    const db = harness.client({ sub: 'admin-3', email: ADMIN, email_verified: true });
    await expectAllowed(addDoc(posts(db), newPost()));
  });

  it('refuses the same request from any other verified address', async () => {
    const db = harness.client({ sub: 'admin-4', email: `not-${ADMIN}`, email_verified: true });
    await expectDenied(addDoc(posts(db), newPost()));
  });
});
