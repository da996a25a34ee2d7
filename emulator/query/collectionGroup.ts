/**
 * Which documents a query reads: one collection (`parent/collectionId`), or with
 * `allDescendants: true` a collection group, every collection with that ID at any depth under
 * the parent. A group is served from one index over all its collections, so its results come in
 * the query's order with ties broken by the full document path, as Firestore orders them.
 */
import type { OrderedIndex } from '../orderedIndex';
import type { DatabaseState } from '../state';
import type { StoredDoc } from '../storedDoc';
import type { Query } from './structuredQuery';

export interface QueryTarget {
  index: OrderedIndex;
  /** Set for a group under a parent document: keeps the documents inside that parent. */
  accept: ((doc: StoredDoc) => boolean) | undefined;
  /** For the rules: the collection path, or for a group the parent path and the collection ID. */
  path: string;
}

/** `parent`: the parent document's path relative to `.../documents`, '' for the database root. */
export function queryTarget(db: DatabaseState, parent: string, query: Query): QueryTarget {
  const path = parent ? `${parent}/${query.collectionId}` : query.collectionId;
  if (!query.allDescendants) {
    return { index: db.index(path, query.orders), accept: undefined, path };
  }
  const index = db.groupIndex(query.collectionId, query.orders);
  const prefix = `${parent}/`;
  return {
    index,
    accept: parent ? (doc) => doc.path.startsWith(prefix) : undefined,
    path,
  };
}
