/**
 * List rules for collection-group and aggregation queries, with rules files compiled by the
 * emulator's interpreter, as the Firestore documentation describes them ("Secure and query
 * documents based on collection groups", "Securely query data"): a collection-group query needs
 * rules_version = '2' and a rule matching `/{path=**}/<collection ID>/{doc}`; an aggregation is
 * allowed exactly when its underlying query is, `request.query.limit` included.
 */
import {
  collection,
  collectionGroup,
  count,
  getAggregate,
  getCount,
  getDocs,
  limit,
  query,
  sum,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../emulator/rules/index';
import { rejection, startHarness, type Harness } from '../support/harness';

const RULES_V2 = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /forums/{forum}/posts/{post} {
      allow read: if true;
    }
    match /{path=**}/reviews/{review} {
      allow list: if request.auth != null && request.query.limit <= 10;
    }
    match /shops/{shop}/{path=**}/notes/{note} {
      allow read: if true;
    }
  }
}`;

const user = { sub: 'fan-1', email: 'fan@example.com', email_verified: true };
let h: Harness;
let signedIn: Firestore;
let signedOut: Firestore;
beforeAll(async () => {
  h = await startHarness('demo-emulator-query-rules', { rules: compileRules(RULES_V2) });
  signedIn = h.client(user);
  signedOut = h.client(null);
  const writes = [
    'forums/f/posts/p1',
    'forums/g/posts/p2',
    'books/b/reviews/r1',
    'films/f/reviews/r2',
    'shops/s/notes/n1',
    'shops/s/aisles/a/notes/n2',
  ].map((path) => ({ update: { name: h.name(path), fields: { stars: { integerValue: '4' } } } }));
  const seeded = await h.rest('commit', { writes }, { token: 'owner' });
  expect(seeded.status).toBe(200);
});
afterAll(() => h.close());

async function outcome(read: Promise<unknown>): Promise<string> {
  try {
    await read;
    return 'allowed';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

const list = (q: Query) => outcome(getDocs(q));

describe('collection-group queries and rules_version 2', () => {
  it('are allowed only by rules that match the group through a recursive wildcard', async () => {
    // A rule for one path of the group does not cover the group.
    expect(await list(collection(signedIn, 'forums/f/posts'))).toBe('allowed');
    expect(await list(collectionGroup(signedIn, 'posts'))).toBe('permission-denied');
    // `match /{path=**}/reviews/{review}` does, with its condition on the query.
    expect(await list(query(collectionGroup(signedIn, 'reviews'), limit(10)))).toBe('allowed');
    expect(await list(query(collectionGroup(signedIn, 'reviews'), limit(11)))).toBe(
      'permission-denied',
    );
    expect(await list(collectionGroup(signedIn, 'reviews'))).toBe('permission-denied');
    expect(await list(query(collectionGroup(signedOut, 'reviews'), limit(5)))).toBe(
      'permission-denied',
    );
    // A rule whose `**` sits below a fixed prefix covers only subcollections under that prefix.
    expect(await list(collectionGroup(signedIn, 'notes'))).toBe('permission-denied');
    expect(await list(collection(signedIn, 'shops/s/aisles/a/notes'))).toBe('allowed');
  });

  it('name the denial like the official emulator', async () => {
    const error = await rejection(getDocs(collectionGroup(signedIn, 'posts')));
    expect(String(error.message)).toMatch(
      /Denied 'list' on collection group posts: No matching allow statements/,
    );
  });

  it('a group under a parent document (REST) may be allowed by a rule below that parent', async () => {
    const result = await h.rest(
      'runQuery',
      { structuredQuery: { from: [{ collectionId: 'notes', allDescendants: true }] } },
      { parent: 'shops/s' },
    );
    expect(result.status).toBe(200);
    expect((result.json as unknown[]).length).toBe(2);
  });
});

describe('aggregations follow the list rules of their query', () => {
  it('count and sum need what the query needs, request.query.limit included', async () => {
    const reviews = collectionGroup(signedIn, 'reviews');
    expect((await getCount(query(reviews, limit(10)))).data().count).toBe(2);
    expect(
      (await getAggregate(query(reviews, limit(10)), { n: count(), s: sum('stars') })).data(),
    ).toEqual({ n: 2, s: 8 });
    expect(await outcome(getCount(reviews))).toBe('permission-denied');
    expect(await outcome(getCount(collection(signedIn, 'forums/f/posts')))).toBe('allowed');
    expect(await outcome(getCount(collectionGroup(signedIn, 'posts')))).toBe('permission-denied');
    expect(await outcome(getCount(collection(signedIn, 'secrets')))).toBe('permission-denied');
  });
});

describe('rules_version 1', () => {
  it('allows no collection-group query, even with a catch-all rule', async () => {
    const v1 = await startHarness('demo-emulator-query-rules-v1', {
      rules: compileRules(`service cloud.firestore {
        match /databases/{database}/documents {
          match /{document=**} { allow read: if true; }
        }
      }`),
    });
    try {
      const db = v1.client(user);
      expect(await list(collection(db, 'books/b/reviews'))).toBe('allowed');
      expect(await list(collectionGroup(db, 'reviews'))).toBe('permission-denied');
      expect(await outcome(getCount(collectionGroup(db, 'reviews')))).toBe('permission-denied');
    } finally {
      await v1.close();
    }
  });

  it('while version 2 lets a catch-all rule cover collection groups', async () => {
    const v2 = await startHarness('demo-emulator-query-rules-catch-all', {
      rules: compileRules(`rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /{document=**} { allow read: if true; }
        }
      }`),
    });
    try {
      const db = v2.client(user);
      expect(await list(collectionGroup(db, 'reviews'))).toBe('allowed');
      expect(await list(query(collectionGroup(db, 'x'), limit(1)))).toBe('allowed');
      expect(await outcome(getCount(collection(db, 'anything')))).toBe('allowed');
    } finally {
      await v2.close();
    }
  });
});
