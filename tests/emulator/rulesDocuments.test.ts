/**
 * Conformance of the rules' reads of other documents and of their regexes, through the Lite SDK
 * against the emulator enforcing a real rules file: the documented per-user rate-limit pattern
 * (a write batched with the writer's own document, checked with getAfter()), a missing document
 * under get(), the document-access limits, and RE2's `\S`.
 */
import {
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileRules } from '../../emulator/rules/index';
import { rejection, startHarness, type Harness } from '../support/harness';

const RULES = String.raw`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function commenter() {
      return /databases/$(database)/documents/commenters/$(request.auth.uid);
    }
    function at(collection, id) {
      return /databases/$(database)/documents/$(collection)/$(id);
    }
    match /posts/{postId} {
      allow read: if true;
      // The documented pattern: the post changes only together with the writer's commenters
      // document stamped with this request's time, at most once every 10 seconds.
      allow update: if request.auth != null
        && getAfter(commenter()).data.last == request.time
        && (!exists(commenter())
            || request.time > get(commenter()).data.last + duration.value(10, 's'));
    }
    match /commenters/{uid} {
      allow read: if request.auth.uid == uid;
      allow create, update: if request.auth.uid == uid
        && request.resource.data.last == request.time
        && existsAfter(at('posts', request.resource.data.post));
      allow delete: if request.auth.uid == uid;
    }
    // get() of a missing document: an error, so the rule denies...
    match /needsProfile/{id} {
      allow create: if get(at('profiles', request.auth.uid)).data.ok == true;
    }
    // ...unless exists() decides first.
    match /optionalProfile/{id} {
      allow create: if !exists(at('profiles', request.auth.uid))
        || get(at('profiles', request.auth.uid)).data.ok == true;
    }
    match /profiles/{uid} {
      allow read, write: if request.auth.uid == uid;
    }
    // Each write reads request.resource.data.n missing documents named after its own id.
    match /reads/{id} {
      allow write: if request.resource.data.n < 1 || !exists(at('x', id + '0'))
        && (request.resource.data.n < 2 || !exists(at('x', id + '1')))
        && (request.resource.data.n < 3 || !exists(at('x', id + '2')))
        && (request.resource.data.n < 4 || !exists(at('x', id + '3')))
        && (request.resource.data.n < 5 || !exists(at('x', id + '4')))
        && (request.resource.data.n < 6 || !exists(at('x', id + '5')))
        && (request.resource.data.n < 7 || !exists(at('x', id + '6')))
        && (request.resource.data.n < 8 || !exists(at('x', id + '7')))
        && (request.resource.data.n < 9 || !exists(at('x', id + '8')))
        && (request.resource.data.n < 10 || !exists(at('x', id + '9')))
        && (request.resource.data.n < 11 || !exists(at('x', id + 'a')));
    }
    match /links/{id} {
      allow create: if request.resource.data.url.matches('https?://\\S+');
    }
  }
}`;

const fan = { sub: 'fan-1', email: 'fan@example.com', email_verified: true };
let h: Harness;
beforeAll(async () => {
  h = await startHarness('demo-emulator-rules-documents');
});
afterAll(() => h.close());
beforeEach(async () => {
  h.emulator.setRules(compileRules(RULES));
  await h.clear();
});

/** Writes what a test starts from with the rules off (as an administrator would). */
async function seed(path: string, data: Record<string, unknown>): Promise<void> {
  h.emulator.setRules(null);
  await setDoc(doc(h.client(null), path), data);
  h.emulator.setRules(compileRules(RULES));
}

const seedPost = () => seed('posts/p1', { comments: [] });

/** A comment batched with the writer's commenters document, as the rate-limit pattern has it. */
function comment(db: Firestore, text: string): Promise<void> {
  const batch = writeBatch(db);
  batch.update(doc(db, 'posts', 'p1'), { comments: [text] });
  batch.set(doc(db, 'commenters', fan.sub), { last: serverTimestamp(), post: 'p1' });
  return batch.commit();
}

describe('getAfter() sees the whole batch (the per-user rate-limit pattern)', () => {
  it('allows a write batched with the writer’s new commenters document, then refuses the next within 10 s', async () => {
    await seedPost();
    const db = h.client(fan);
    await comment(db, 'first');
    const stamp = (await getDoc(doc(db, 'commenters', fan.sub))).get('last');
    expect(stamp).toBeInstanceOf(Timestamp);

    const error = await rejection(comment(db, 'second'));
    expect(error.code).toBe('permission-denied');
    expect(String(error.message)).toContain("for 'update' @ L");
    expect((await getDoc(doc(db, 'posts', 'p1'))).get('comments')).toEqual(['first']);
  });

  it('allows the next comment once the commenters document is 10 seconds old', async () => {
    await seedPost();
    await seed(`commenters/${fan.sub}`, {
      last: Timestamp.fromMillis(Date.now() - 11_000),
      post: 'p1',
    });
    const db = h.client(fan);
    await comment(db, 'after a pause');
    expect((await getDoc(doc(db, 'posts', 'p1'))).get('comments')).toEqual(['after a pause']);
  });

  it('refuses the same write without the commenters document in the batch', async () => {
    await seedPost();
    const error = await rejection(
      updateDoc(doc(h.client(fan), 'posts', 'p1'), { comments: ['x'] }),
    );
    expect(error.code).toBe('permission-denied');
    // getAfter() of a document that does not exist after the commit is an error.
    expect(String(error.message)).toContain(
      'Function [getAfter] called with path to nonexistent resource: /databases/(default)/documents/commenters/fan-1',
    );
  });

  it('refuses the batch when it also deletes the commenters document (deleted: not after)', async () => {
    await seedPost();
    const db = h.client(fan);
    const batch = writeBatch(db);
    batch.set(doc(db, 'commenters', fan.sub), { last: serverTimestamp(), post: 'p1' });
    batch.update(doc(db, 'posts', 'p1'), { comments: ['x'] });
    batch.delete(doc(db, 'commenters', fan.sub));
    expect((await rejection(batch.commit())).code).toBe('permission-denied');
  });

  it('lets existsAfter() see a post created in the same batch', async () => {
    h.emulator.setRules(
      compileRules(
        RULES.replace(
          'match /posts/{postId} {',
          'match /posts/{postId} {\n      allow create: if true;',
        ),
      ),
    );
    const db = h.client(fan);
    const batch = writeBatch(db);
    batch.set(doc(db, 'commenters', fan.sub), { last: serverTimestamp(), post: 'new' });
    batch.set(doc(db, 'posts', 'new'), { comments: [] });
    await batch.commit();
    expect((await getDoc(doc(db, 'commenters', fan.sub))).get('post')).toBe('new');

    const alone = await rejection(
      setDoc(doc(db, 'commenters', fan.sub), { last: serverTimestamp(), post: 'nowhere' }),
    );
    expect(alone.code).toBe('permission-denied');
  });
});

describe('get() of a missing document', () => {
  it('denies the rule that uses it, unless exists() decides first', async () => {
    const db = h.client(fan);
    const denied = await rejection(setDoc(doc(db, 'needsProfile', 'a'), { v: 1 }));
    expect(denied.code).toBe('permission-denied');
    expect(String(denied.message)).toContain(
      'Function [get] called with path to nonexistent resource: /databases/(default)/documents/profiles/fan-1',
    );
    await setDoc(doc(db, 'optionalProfile', 'a'), { v: 1 });

    await setDoc(doc(db, 'profiles', fan.sub), { ok: true });
    await setDoc(doc(db, 'needsProfile', 'a'), { v: 1 });
    await setDoc(doc(db, 'optionalProfile', 'b'), { v: 1 });
    await deleteDoc(doc(db, 'profiles', fan.sub));
  });
});

describe('document access limits', () => {
  const write = (db: Firestore, id: string, n: number) => setDoc(doc(db, 'reads', id), { n });

  it('allows 10 accesses for a single write and refuses 11', async () => {
    const db = h.client(fan);
    await write(db, 'ten', 10);
    const error = await rejection(write(db, 'eleven', 11));
    expect(error.code).toBe('permission-denied');
    expect(String(error.message)).toContain(
      'Maximum number of document accesses for one operation (10) exceeded.',
    );
  });

  it('allows 20 accesses across a batch, each write at most 10, and refuses 21', async () => {
    const db = h.client(fan);
    const batch = (counts: number[]) => {
      const b = writeBatch(db);
      counts.forEach((n, i) => b.set(doc(db, 'reads', `w${i}-`), { n }));
      return b.commit();
    };
    await batch([10, 10]);
    await batch([7, 7, 6]);
    const over = await rejection(batch([7, 7, 7]));
    expect(over.code).toBe('permission-denied');
    expect(String(over.message)).toContain(
      'Maximum number of document accesses for this request (20) exceeded.',
    );
  });
});

describe('regexes are RE2', () => {
  it.each([
    ['a no-break space', 'https://example.com/a\u00a0b', true],
    ['U+2028', 'https://example.com/a\u2028b', true],
    ['a space', 'https://example.com/a b', false],
  ])('a URL with %s passes `https?://\\S+`: %s, as on Firestore', async (_, url, allowed) => {
    const write = setDoc(doc(h.client(fan), 'links', 'l'), { url });
    if (allowed) await write;
    else expect((await rejection(write)).code).toBe('permission-denied');
  });
});
