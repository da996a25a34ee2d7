/**
 * All documents, partitioned by project and database, with per-collection ordered indexes that
 * are built on a query's first use and then maintained on every write.
 */
import { indexKey, OrderedIndex, type IndexOrder } from './orderedIndex';
import { documentId, parentCollection, type DatabaseId } from './paths';
import type { StoredDoc } from './storedDoc';

/** The outcome of a commit: for each written path, the new document or null (deleted). */
export type Changes = Map<string, StoredDoc | null>;

export class DatabaseState {
  private readonly docs = new Map<string, StoredDoc>();
  /** collection path → (document path → document) */
  private readonly collections = new Map<string, Map<string, StoredDoc>>();
  /** collection path → (ordering key → index) */
  private readonly indexes = new Map<string, Map<string, OrderedIndex>>();
  /** collection ID → (ordering key → index over every collection with that ID): collection groups */
  private readonly groupIndexes = new Map<string, Map<string, OrderedIndex>>();

  constructor(readonly id: DatabaseId) {}

  get(path: string): StoredDoc | null {
    return this.docs.get(path) ?? null;
  }

  get size(): number {
    return this.docs.size;
  }

  all(): IterableIterator<StoredDoc> {
    return this.docs.values();
  }

  /** The index for this ordering, built now if no query used it before. */
  index(collection: string, orders: readonly IndexOrder[]): OrderedIndex {
    let byKey = this.indexes.get(collection);
    if (!byKey) {
      byKey = new Map();
      this.indexes.set(collection, byKey);
    }
    const key = indexKey(orders);
    let index = byKey.get(key);
    if (!index) {
      index = new OrderedIndex(orders, this.collections.get(collection)?.values() ?? []);
      byKey.set(key, index);
    }
    return index;
  }

  /**
   * The index for this ordering over every collection named `collectionId`, at any depth (a
   * collection group), built now if no query used it before.
   */
  groupIndex(collectionId: string, orders: readonly IndexOrder[]): OrderedIndex {
    let byKey = this.groupIndexes.get(collectionId);
    if (!byKey) {
      byKey = new Map();
      this.groupIndexes.set(collectionId, byKey);
    }
    const key = indexKey(orders);
    let index = byKey.get(key);
    if (!index) {
      const members = [...this.collections]
        .filter(([path]) => documentId(path) === collectionId)
        .flatMap(([, docs]) => [...docs.values()]);
      index = new OrderedIndex(orders, members);
      byKey.set(key, index);
    }
    return index;
  }

  /** Applies every change; callers validate first, so this cannot fail halfway. */
  apply(changes: Changes): void {
    for (const [path, next] of changes) {
      const collection = parentCollection(path);
      const previous = this.docs.get(path);
      const indexes = [
        ...(this.indexes.get(collection)?.values() ?? []),
        // A collection path's last segment is its ID, the group it belongs to.
        ...(this.groupIndexes.get(documentId(collection))?.values() ?? []),
      ];
      for (const index of indexes) {
        if (previous) index.remove(previous);
        if (next) index.insert(next);
      }
      let members = this.collections.get(collection);
      if (next) {
        this.docs.set(path, next);
        if (!members) {
          members = new Map();
          this.collections.set(collection, members);
        }
        members.set(path, next);
      } else if (previous) {
        this.docs.delete(path);
        members?.delete(path);
      }
    }
  }
}

export class EmulatorState {
  private readonly databases = new Map<string, DatabaseState>();

  database(id: DatabaseId): DatabaseState {
    const key = `${id.project}/${id.database}`;
    let state = this.databases.get(key);
    if (!state) {
      state = new DatabaseState(id);
      this.databases.set(key, state);
    }
    return state;
  }

  clear(id: DatabaseId): void {
    this.databases.delete(`${id.project}/${id.database}`);
  }

  all(): DatabaseState[] {
    return [...this.databases.values()];
  }
}
