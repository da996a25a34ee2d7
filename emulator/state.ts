/**
 * All documents, partitioned by project and database, with per-collection ordered indexes that
 * are built on a query's first use and then maintained on every write while the index cache
 * keeps them (see indexCache.ts: memory stays bounded whatever orders queries ask for).
 */
import { DEFAULT_INDEX_LIMITS, IndexCache, type IndexLimits } from './indexCache';
import { indexKey, OrderedIndex, type IndexOrder } from './orderedIndex';
import type { Journal } from './journal';
import { documentId, documentName, parentCollection, type DatabaseId } from './paths';
import { toDocument, type StoredDoc } from './storedDoc';

/** The outcome of a commit: for each written path, the new document or null (deleted). */
export type Changes = Map<string, StoredDoc | null>;

export class DatabaseState {
  private readonly docs = new Map<string, StoredDoc>();
  /** collection path → (document path → document) */
  private readonly collections = new Map<string, Map<string, StoredDoc>>();
  /** collection path → (ordering key → index), the indexes the cache keeps */
  private readonly indexes = new Map<string, Map<string, OrderedIndex>>();
  /** collection ID → (ordering key → index over every collection with that ID): collection groups */
  private readonly groupIndexes = new Map<string, Map<string, OrderedIndex>>();
  private readonly cache: IndexCache;

  constructor(
    readonly id: DatabaseId,
    limits: IndexLimits = DEFAULT_INDEX_LIMITS,
  ) {
    this.cache = new IndexCache(limits, (owner, key) => {
      const [byCollection, name] = owner.startsWith('/')
        ? [this.groupIndexes, owner.slice(1)]
        : [this.indexes, owner];
      const byKey = byCollection.get(name);
      byKey?.delete(key);
      if (byKey?.size === 0) byCollection.delete(name);
    });
  }

  get(path: string): StoredDoc | null {
    return this.docs.get(path) ?? null;
  }

  get size(): number {
    return this.docs.size;
  }

  all(): IterableIterator<StoredDoc> {
    return this.docs.values();
  }

  /** Kept indexes over all collections (tests check that it stays bounded). */
  get indexCount(): number {
    return this.cache.count;
  }

  /**
   * The index for this ordering, built now if it is not kept. Valid until the next write or
   * query: use it synchronously.
   */
  index(collection: string, orders: readonly IndexOrder[]): OrderedIndex {
    return this.kept(this.indexes, collection, collection, orders, () => {
      const members = this.collections.get(collection);
      return { size: members?.size ?? 0, docs: members?.values() ?? [] };
    });
  }

  /**
   * The index for this ordering over every collection named `collectionId`, at any depth (a
   * collection group); kept and bounded like the others.
   */
  groupIndex(collectionId: string, orders: readonly IndexOrder[]): OrderedIndex {
    // A leading '/' never starts a collection path, so group entries cannot collide with them.
    return this.kept(this.groupIndexes, collectionId, `/${collectionId}`, orders, () => {
      const docs = [...this.collections]
        .filter(([path]) => documentId(path) === collectionId)
        .flatMap(([, members]) => [...members.values()]);
      return { size: docs.length, docs };
    });
  }

  private kept(
    byName: Map<string, Map<string, OrderedIndex>>,
    name: string,
    owner: string,
    orders: readonly IndexOrder[],
    members: () => { size: number; docs: Iterable<StoredDoc> },
  ): OrderedIndex {
    const key = indexKey(orders);
    const found = this.cache.use(owner, key);
    if (found) return found;
    const { size, docs } = members();
    this.cache.assertFits(size);
    const index = new OrderedIndex(orders, docs);
    let byKey = byName.get(name);
    if (!byKey) {
      byKey = new Map();
      byName.set(name, byKey);
    }
    byKey.set(key, index);
    this.cache.add(owner, key, index);
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
  /** With a data directory: every commit and clear is journaled before it is applied. */
  private journal: Journal | null = null;

  attachJournal(journal: Journal | null): void {
    this.journal = journal;
  }

  /**
   * Applies a commit's changes. With a journal, the record is written first, and the promise
   * resolves once it is on disk: only then may the commit be acknowledged.
   */
  commit(id: DatabaseId, changes: Changes): Promise<void> {
    const durable = this.journal?.append({
      project: id.project,
      database: id.database,
      writes: [...changes].map(([path, doc]) =>
        doc ? { doc: toDocument(doc) } : { delete: documentName(id, path) },
      ),
    });
    this.database(id).apply(changes);
    return durable ?? Promise.resolve();
  }

  /** Drops a database's data (journaled like a commit). */
  clearDatabase(id: DatabaseId): Promise<void> {
    const durable = this.journal?.append({
      project: id.project,
      database: id.database,
      clear: true,
    });
    this.clear(id);
    return durable ?? Promise.resolve();
  }

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
