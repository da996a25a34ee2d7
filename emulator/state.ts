/**
 * All documents, partitioned by project and database, with per-collection ordered indexes that
 * are built on a query's first use and then maintained on every write while the index cache
 * keeps them (see indexCache.ts: memory stays bounded whatever orders queries ask for).
 */
import { DEFAULT_INDEX_LIMITS, IndexCache, type IndexLimits } from './indexCache';
import { indexKey, OrderedIndex, type IndexOrder } from './orderedIndex';
import type { Journal } from './journal';
import { documentName, parentCollection, type DatabaseId } from './paths';
import { toDocument, type StoredDoc } from './storedDoc';

/** The outcome of a commit: for each written path, the new document or null (deleted). */
export type Changes = Map<string, StoredDoc | null>;

export class DatabaseState {
  private readonly docs = new Map<string, StoredDoc>();
  /** collection path → (document path → document) */
  private readonly collections = new Map<string, Map<string, StoredDoc>>();
  /** collection path → (ordering key → index), the indexes the cache keeps */
  private readonly indexes = new Map<string, Map<string, OrderedIndex>>();
  private readonly cache: IndexCache;

  constructor(
    readonly id: DatabaseId,
    limits: IndexLimits = DEFAULT_INDEX_LIMITS,
  ) {
    this.cache = new IndexCache(limits, (collection, key) => {
      const byKey = this.indexes.get(collection);
      byKey?.delete(key);
      if (byKey?.size === 0) this.indexes.delete(collection);
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
    const key = indexKey(orders);
    const kept = this.cache.use(collection, key);
    if (kept) return kept;
    const members = this.collections.get(collection);
    this.cache.assertFits(members?.size ?? 0);
    const index = new OrderedIndex(orders, members?.values() ?? []);
    let byKey = this.indexes.get(collection);
    if (!byKey) {
      byKey = new Map();
      this.indexes.set(collection, byKey);
    }
    byKey.set(key, index);
    this.cache.add(collection, key, index);
    return index;
  }

  /** Applies every change; callers validate first, so this cannot fail halfway. */
  apply(changes: Changes): void {
    for (const [path, next] of changes) {
      const collection = parentCollection(path);
      const previous = this.docs.get(path);
      const indexes = this.indexes.get(collection)?.values() ?? [];
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
