/**
 * Collection-group queries (`allDescendants: true`) through the Lite SDK's collectionGroup, as
 * the Firestore documentation describes them ("Collection group queries"): every collection with
 * the ID at any depth, ordered by the query's fields and then by the full document path.
 */
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  documentId,
  endAt,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, writeDocs, type Harness } from '../support/harness';

let h: Harness;
let db: Firestore;
beforeAll(async () => {
  h = await startHarness('demo-emulator-collection-group');
  db = h.client();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

/** Sets each document (path → data) in one batch, through the SDK. */
function write(docs: Record<string, Record<string, unknown>>): Promise<void> {
  return writeDocs(db, docs);
}

async function paths(q: Query): Promise<string[]> {
  return (await getDocs(q)).docs.map((d) => d.ref.path);
}

/** The layout Firebase's own SDK tests use: look-alike IDs and a document named like the group. */
const GROUP_DOCS = {
  'abc/123/cg/cg-doc1': { x: 1 },
  'abc/123/cg/cg-doc2': { x: 2 },
  'cg/cg-doc3': { x: 3 },
  'cg/cg-doc4': { x: 1 },
  'def/456/cg/cg-doc5': { x: 2 },
  'cg/virtual-doc/nested-coll/not-cg-doc': { x: 1 },
  'xcg/not-cg-doc': { x: 1 },
  'cgx/not-cg-doc': { x: 1 },
  'abc/123/cgx/not-cg-doc': { x: 1 },
  'abc/123/xcg/not-cg-doc': { x: 1 },
  'abc/cg': { x: 1 },
};

describe('collectionGroup', () => {
  it('returns every collection with the ID at any depth, ordered by full document path', async () => {
    await write(GROUP_DOCS);
    expect(await paths(collectionGroup(db, 'cg'))).toEqual([
      'abc/123/cg/cg-doc1',
      'abc/123/cg/cg-doc2',
      'cg/cg-doc3',
      'cg/cg-doc4',
      'def/456/cg/cg-doc5',
    ]);
  });

  it('filters and orders across the group, ties broken by full path', async () => {
    await write(GROUP_DOCS);
    const q = query(collectionGroup(db, 'cg'), where('x', '<=', 2), orderBy('x', 'desc'));
    // matches Firestore: the implicit __name__ order follows the last orderBy's direction.
    expect(await paths(q)).toEqual([
      'def/456/cg/cg-doc5',
      'abc/123/cg/cg-doc2',
      'cg/cg-doc4',
      'abc/123/cg/cg-doc1',
    ]);
  });

  it('pages through the group with limit and startAfter a document', async () => {
    await write(GROUP_DOCS);
    const ordered = query(collectionGroup(db, 'cg'), orderBy('x'), limit(2));
    const first = await getDocs(ordered);
    expect(first.docs.map((d) => d.ref.path)).toEqual(['abc/123/cg/cg-doc1', 'cg/cg-doc4']);
    const second = query(ordered, startAfter(first.docs[1]));
    expect(await paths(second)).toEqual(['abc/123/cg/cg-doc2', 'def/456/cg/cg-doc5']);
  });

  it('takes cursors and filters on documentId() as document paths', async () => {
    await write({
      'a/a/cg/cg-doc1': {},
      'a/b/a/b/cg/cg-doc2': {},
      'a/b/cg/cg-doc3': {},
      'a/b/c/d/cg/cg-doc4': {},
      'a/c/cg/cg-doc5': {},
      'cg/cg-doc6': {},
      'a/b/nope/nope': {},
    });
    const byId = query(collectionGroup(db, 'cg'), orderBy(documentId()));
    // Paths compare segment by segment: 'a/b/c/…' sorts before 'a/b/cg/…'.
    const inside = ['a/b/a/b/cg/cg-doc2', 'a/b/c/d/cg/cg-doc4', 'a/b/cg/cg-doc3'];
    expect(await paths(query(byId, startAt('a/b'), endAt('a/b0/x/y')))).toEqual(inside);
    const filtered = query(
      collectionGroup(db, 'cg'),
      where(documentId(), '>=', 'a/b'),
      where(documentId(), '<=', 'a/b0/x/y'),
    );
    expect(await paths(filtered)).toEqual(inside);
  });

  it('sees writes made after the group was first queried', async () => {
    await write({ 'posts/a/comments/1': { n: 1 } });
    const comments = collectionGroup(db, 'comments');
    expect(await paths(comments)).toEqual(['posts/a/comments/1']);
    await setDoc(doc(db, 'posts/b/comments/2'), { n: 2 });
    await setDoc(doc(db, 'comments/0'), { n: 0 });
    await deleteDoc(doc(db, 'posts/a/comments/1'));
    expect(await paths(comments)).toEqual(['comments/0', 'posts/b/comments/2']);
    // A plain collection query is unaffected by the group.
    expect(await paths(collection(db, 'posts/b/comments'))).toEqual(['posts/b/comments/2']);
  });

  it('under a parent document (REST), keeps to the collections inside that parent', async () => {
    await write(GROUP_DOCS);
    const result = await h.rest(
      'runQuery',
      { structuredQuery: { from: [{ collectionId: 'cg', allDescendants: true }] } },
      { parent: 'abc/123' },
    );
    expect(result.status).toBe(200);
    const names = (result.json as { document?: { name: string } }[]).map((r) => r.document?.name);
    expect(names).toEqual([h.name('abc/123/cg/cg-doc1'), h.name('abc/123/cg/cg-doc2')]);
  });
});
