/**
 * The post the club pins on top (firestore.rules: posts' setsPinned and clubPin/current): at most
 * one post is ever pinned. A post is pinned exactly when the pin names it after the commit, and the
 * pin names a pinned post and releases the one before, so no batch and no sequence of batches
 * reaches two pinned posts. Each attack beside its legitimate twin, through the real Lite SDK on
 * Google's engine.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  Timestamp,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  expectAllowed,
  expectDenied,
  newPost,
  startHarness,
  type Harness,
} from '../../support/harness';
import { ADMIN, NOT_ADMIN } from '../../support/fixtures';
import { stampChange } from '../../support/stampedWrites';

const PIN = 'clubPin/current';

let harness: Harness;
let admin: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-club-pin');
  admin = harness.client(ADMIN);
});
afterAll(async () => {
  await harness.close();
});
/** Posts a (pinned, the pin naming it), b and c. */
beforeEach(async () => {
  await harness.clear();
  await harness.seed('posts/a', newPost({ pinned: true }));
  await harness.seed('posts/b', newPost());
  await harness.seed('posts/c', newPost());
  await harness.seed(PIN, { post: 'a', at: new Date() });
});

interface PinCommit {
  /** Each post's new `pinned` (null: the field removed), each stamped. */
  posts?: Record<string, boolean | null | unknown>;
  /** clubPin/current as written; absent: not written. */
  pin?: Record<string, unknown>;
  /** Leave the posts' change stamps out. */
  unstamped?: boolean;
}

/** One batch as the app's pin write sends it: the posts' flags with their stamps, and the pin. */
function commit(db: Firestore, { posts = {}, pin, unstamped = false }: PinCommit): Promise<void> {
  const batch = writeBatch(db);
  for (const [id, pinned] of Object.entries(posts)) {
    batch.update(doc(db, 'posts', id), { pinned: pinned === null ? deleteField() : pinned });
    if (!unstamped) stampChange(db, batch, id);
  }
  if (pin) batch.set(doc(db, PIN), pin);
  return batch.commit();
}

const pinOf = (post: unknown) => ({ post, at: serverTimestamp() });
/** The administrator's move of the pin from a to `id`. */
const moveTo = (id: string): PinCommit => ({ posts: { a: false, [id]: true }, pin: pinOf(id) });

/** The ids of the posts stored with pinned == true (read as the owner). */
async function pinnedIds(): Promise<string[]> {
  const found = await harness.owner.runQuery({
    from: [{ collectionId: 'posts' }],
    where: {
      fieldFilter: { field: { fieldPath: 'pinned' }, op: 'EQUAL', value: { booleanValue: true } },
    },
  });
  return found.map((document) => document.name.split('/').at(-1) ?? '').sort();
}

describe('the administrator pins and unpins', () => {
  it('moves the pin from a to b in one batch', async () => {
    await expectAllowed(commit(admin, moveTo('b')));
    expect(await pinnedIds()).toEqual(['b']);
  });

  it.each(Object.entries(NOT_ADMIN))('denies the same batch to %s', async (_, persona) => {
    await expectDenied(commit(harness.client(persona), moveTo('b')));
    expect(await pinnedIds()).toEqual(['a']);
  });

  it('unpins: the flag false and the pin naming none; not the flag removed, nor the pin left', async () => {
    // Removed, the post would drop out of the feed's first page, which orders by `pinned`.
    await expectDenied(commit(admin, { posts: { a: null }, pin: pinOf(null) }));
    expect(await pinnedIds()).toEqual(['a']);
    await expectDenied(commit(admin, { posts: { a: false } }));
    await expectAllowed(commit(admin, { posts: { a: false }, pin: pinOf(null) }));
    expect(await pinnedIds()).toEqual([]);
  });

  it('pins when nothing was ever pinned (the pin created)', async () => {
    await harness.clear();
    await harness.seed('posts/b', newPost());
    await expectDenied(commit(admin, { posts: { b: true } }));
    await expectAllowed(commit(admin, { posts: { b: true }, pin: pinOf('b') }));
    expect(await pinnedIds()).toEqual(['b']);
  });

  it('requires each post’s change stamp, so open pages see the move', async () => {
    await expectDenied(commit(admin, { ...moveTo('b'), unstamped: true }));
    await expectAllowed(commit(admin, moveTo('b')));
  });
});

describe('never two pinned posts', () => {
  it('denies pinning b without unpinning a; allows it with', async () => {
    await expectDenied(commit(admin, { posts: { b: true }, pin: pinOf('b') }));
    await expectAllowed(commit(admin, moveTo('b')));
  });

  it('denies pinning two posts in one batch; allows one', async () => {
    await expectDenied(commit(admin, { posts: { a: false, b: true, c: true }, pin: pinOf('b') }));
    await expectAllowed(commit(admin, { posts: { a: false, c: true }, pin: pinOf('c') }));
  });

  it('denies a post pinned without the pin naming it; allows the pin’s own post', async () => {
    await expectDenied(commit(admin, { posts: { b: true } }));
    await expectDenied(commit(admin, { posts: { a: false, b: true }, pin: pinOf('c') }));
    await expectAllowed(commit(admin, { posts: { a: true } }));
  });

  it('denies the pin on a post that is not pinned, missing, or elsewhere; allows it pinned', async () => {
    await expectDenied(commit(admin, { posts: { a: false }, pin: pinOf('b') }));
    await expectDenied(commit(admin, { posts: { a: false }, pin: pinOf('no-such-post') }));
    await expectDenied(commit(admin, { posts: { a: false }, pin: pinOf('b/../c') }));
    await expectAllowed(commit(admin, moveTo('b')));
  });

  it('denies a new post born pinned; allows it plain', async () => {
    const create = (data: Record<string, unknown>) => {
      const batch = writeBatch(admin);
      batch.set(doc(admin, 'posts', 'd'), data);
      stampChange(admin, batch, 'd');
      batch.set(doc(admin, PIN), pinOf('d'));
      return batch.commit();
    };
    await expectDenied(create(newPost({ pinned: true })));
    expect(await pinnedIds()).toEqual(['a']);
    await expectDenied(create(newPost({ pinned: false })));
    const plain = (data: Record<string, unknown>) => {
      const batch = writeBatch(admin);
      batch.set(doc(admin, 'posts', 'd'), data);
      stampChange(admin, batch, 'd');
      return batch.commit();
    };
    // Without `pinned` it would never be listed: the feed's first page orders by it.
    const withoutPinned = newPost();
    delete withoutPinned.pinned;
    await expectDenied(plain(withoutPinned));
    await expectDenied(plain(newPost({ pinned: null })));
    await expectAllowed(plain(newPost()));
  });

  it('holds over a sequence of moves, each checked', async () => {
    const steps: [PinCommit, boolean, string[]][] = [
      [moveTo('b'), true, ['b']],
      [{ posts: { a: true }, pin: pinOf('a') }, false, ['b']],
      [{ posts: { b: false, c: true }, pin: pinOf('c') }, true, ['c']],
      [{ posts: { b: true }, pin: pinOf('b') }, false, ['c']],
      [{ posts: { c: null }, pin: pinOf(null) }, false, ['c']],
      [{ posts: { c: false }, pin: pinOf(null) }, true, []],
      [{ posts: { a: true, b: true }, pin: pinOf('a') }, false, []],
      [{ posts: { a: true }, pin: pinOf('a') }, true, ['a']],
    ];
    for (const [step, allowed, after] of steps) {
      await (allowed ? expectAllowed : expectDenied)(commit(admin, step));
      expect(await pinnedIds()).toEqual(after);
    }
  });

  it('lets the pinned post be deleted; the pin then names no post and the next pin is free', async () => {
    const batch = writeBatch(admin);
    batch.delete(doc(admin, 'posts', 'a'));
    stampChange(admin, batch, 'a');
    await expectAllowed(batch.commit());
    await expectDenied(commit(admin, { posts: { b: true, c: true }, pin: pinOf('b') }));
    await expectAllowed(commit(admin, { posts: { b: true }, pin: pinOf('b') }));
    expect(await pinnedIds()).toEqual(['b']);
  });
});

describe('types and keys', () => {
  it.each<[string, unknown]>([
    ['a string', 'true'],
    ['a number', 1],
    ['a map', { pinned: true }],
  ])('denies pinned as %s; allows true', async (_, value) => {
    await expectDenied(commit(admin, { posts: { a: false, b: value }, pin: pinOf('b') }));
    await expectAllowed(commit(admin, moveTo('b')));
  });

  it.each<[string, unknown]>([
    ['a number', 7],
    ['a list', ['b']],
    ['a map', { id: 'b' }],
  ])('denies the pin’s post as %s; allows an id', async (_, value) => {
    await expectDenied(commit(admin, { posts: { a: false, b: true }, pin: pinOf(value) }));
    await expectAllowed(commit(admin, moveTo('b')));
  });

  it('denies the pin at a time the client chose, or without one; allows the server’s', async () => {
    const move = moveTo('b');
    await expectDenied(commit(admin, { ...move, pin: { post: 'b', at: Timestamp.now() } }));
    await expectDenied(commit(admin, { ...move, pin: { post: 'b' } }));
    await expectAllowed(commit(admin, move));
  });

  /** An object with an own key `key` (a literal `__proto__` would set the prototype). */
  const withKey = (data: Record<string, unknown>, key: string) =>
    Object.defineProperty({ ...data }, key, { value: 'x', enumerable: true });

  it.each([['constructor'], ['hasOwnProperty'], ['toString'], ['extra']])(
    'denies an extra key %s on the pin or beside the flag; allows neither',
    async (key) => {
      await expectDenied(commit(admin, { ...moveTo('b'), pin: withKey(pinOf('b'), key) }));
      const batch = writeBatch(admin);
      batch.update(doc(admin, 'posts', 'a'), withKey({ pinned: false }, key));
      stampChange(admin, batch, 'a');
      batch.update(doc(admin, 'posts', 'b'), { pinned: true });
      stampChange(admin, batch, 'b');
      batch.set(doc(admin, PIN), pinOf('b'));
      await expectDenied(batch.commit());
      await expectAllowed(commit(admin, moveTo('b')));
    },
  );

  it('never sends a key named __proto__: the SDK refuses reserved names', async () => {
    // The SDK throws as the batch is made: a promise, so the refusal is caught like a denial.
    const refused = await Promise.resolve()
      .then(() => commit(admin, { ...moveTo('b'), pin: withKey(pinOf('b'), '__proto__') }))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      message: expect.stringMatching(/cannot begin and end with "__"/),
    });
    expect(await pinnedIds()).toEqual(['a']);
  });

  it('denies a pin document other than current, and deleting the pin; allows current', async () => {
    const batch = writeBatch(admin);
    batch.update(doc(admin, 'posts', 'a'), { pinned: false });
    stampChange(admin, batch, 'a');
    batch.update(doc(admin, 'posts', 'b'), { pinned: true });
    stampChange(admin, batch, 'b');
    batch.set(doc(admin, 'clubPin', 'other'), pinOf('b'));
    await expectDenied(batch.commit());
    await expectDenied(deleteDoc(doc(admin, PIN)));
    await expectAllowed(commit(admin, moveTo('b')));
  });
});

describe('reading the pin', () => {
  it('lets a visitor read the pinned post (a query of one) and the pin', async () => {
    const visitor = harness.client(null);
    const pinned = query(collection(visitor, 'posts'), where('pinned', '==', true), limit(1));
    const found = await getDocs(pinned);
    expect(found.docs.map((post) => post.id)).toEqual(['a']);
    expect((await getDoc(doc(visitor, PIN))).data()).toMatchObject({ post: 'a' });
    await expectDenied(getDocs(query(collection(visitor, 'posts'), where('pinned', '==', true))));
  });
});
