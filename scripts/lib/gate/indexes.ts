/**
 * Whether production Firestore could serve a query with the indexes of firestore.indexes.json,
 * by its documented index rules (firebase.google.com/docs/firestore/query-data/index-overview):
 * - every field has automatic single-field indexes at collection scope (ascending, descending,
 *   array-contains) unless a fieldOverrides entry replaces them; at collection-group scope only
 *   those an override declares;
 * - equality filters on several fields are served by merging indexes that share the rest of the
 *   query's ordering, e.g. (a, c) and (b, c) for a == 1 and b == 2 ordered by c;
 * - an index serves a query when its fields are equality fields (in any order, either direction,
 *   CONTAINS for array-contains), then the query's orders in its directions, then __name__ in the
 *   last order's direction.
 * A query it could not serve is refused as production refuses it (indexMessage.ts).
 */
import { canonicalFieldPath, isNameField, NAME_FIELD, samePath, type FieldPath } from './fieldPath';
import type { IndexConfig, IndexField, IndexMode, QueryScope } from './indexConfig';
import { missingIndexError, type MissingIndex } from './indexMessage';
import type { Filter, Leaf, QueryShape } from './queryShape';

/** An equality field of the query: its value (==, in, is null, is NaN) or array-contains(-any). */
interface EqualityField {
  path: FieldPath;
  contains: boolean;
}

/** What one conjunction of the query needs: equality fields, then `suffix` (orders, __name__). */
interface Need {
  equalities: Map<string, EqualityField>;
  suffix: IndexField[];
}

const EQUALITY_OPS: readonly string[] = ['EQUAL', 'IN', 'IS_NULL', 'IS_NAN'];
const CONTAINS_OPS: readonly string[] = ['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY'];
const ORDER_MODES: readonly IndexMode[] = ['ASCENDING', 'DESCENDING'];
/** matches Firestore: a query's filter has at most 30 disjunctions in disjunctive normal form. */
const MAX_DISJUNCTIONS = 30;

/** The declared indexes, grouped once for the lookups every query makes. */
export class DeclaredIndexes {
  private readonly composites = new Map<string, IndexField[][]>();
  private readonly overrides = new Map<string, { queryScope: QueryScope; mode: IndexMode }[]>();

  constructor(config: IndexConfig) {
    for (const index of config.composites) {
      const key = scopeKey(index.queryScope, index.collectionGroup);
      const list = this.composites.get(key) ?? [];
      list.push(index.fields);
      this.composites.set(key, list);
    }
    for (const override of config.overrides) {
      this.overrides.set(fieldKey(override.collectionGroup, override.path), override.indexes);
    }
  }

  /** Throws FAILED_PRECONDITION, as production does, when no declared index can serve the query. */
  check(query: QueryShape, project: string, database: string): void {
    // Past the limit the engine refuses the query itself, as production does, at once; expanding
    // it here first would take the gate seconds (2^n conjunctions for n ORs under an AND).
    if (disjunctionCount(query.filter) > MAX_DISJUNCTIONS) return;
    const scope: QueryScope = query.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
    for (const conjunction of disjuncts(query.filter)) {
      const need = needOf(conjunction, query);
      const missing = this.missing(need, scope, query.collectionId);
      if (missing) throw missingIndexError(missing, project, database);
    }
  }

  private missing(need: Need, scope: QueryScope, collection: string): MissingIndex | null {
    const candidates = [
      ...(this.composites.get(scopeKey(scope, collection)) ?? []),
      ...this.singleFieldIndexes(need, scope, collection),
    ];
    const covered = new Set<string>();
    let exact = false;
    for (const fields of candidates) {
      const prefix = servingPrefix(fields, need);
      if (prefix === null) continue;
      if (prefix.length === 0) exact = true;
      for (const key of prefix) covered.add(key);
    }
    const served =
      need.equalities.size === 0 ? exact : [...need.equalities.keys()].every((k) => covered.has(k));
    if (served) return null;
    return { collection, scope, ...this.suggestion(need, covered) };
  }

  /** The index to ask for: the single-field one when one field is all the query needs. */
  private suggestion(
    need: Need,
    covered: Set<string>,
  ): Pick<MissingIndex, 'fields' | 'singleField'> {
    const orders = need.suffix.slice(0, -1);
    const name = need.suffix[need.suffix.length - 1];
    if (orders.length === 0 && need.equalities.size > 0) {
      // Equalities alone merge single-field indexes: the first field without one is what is
      // missing.
      const fields = [...need.equalities];
      const [, field] = fields.find(([key]) => !covered.has(key)) ?? fields[0];
      const mode = field.contains ? 'CONTAINS' : name.mode;
      return { fields: [{ path: field.path, mode }], singleField: true };
    }
    if (need.equalities.size === 0 && orders.length === 1 && orders[0].mode === name.mode) {
      return { fields: orders, singleField: true };
    }
    const equalities = [...need.equalities.values()].map((field): IndexField => ({
      path: field.path,
      mode: field.contains ? 'CONTAINS' : 'ASCENDING',
    }));
    return { fields: [...equalities, ...need.suffix], singleField: false };
  }

  /**
   * The automatic (or overridden) single-field indexes of the query's fields, as index field lists.
   */
  private singleFieldIndexes(need: Need, scope: QueryScope, collection: string): IndexField[][] {
    const lists: IndexField[][] = [
      [{ path: [NAME_FIELD], mode: 'ASCENDING' }],
      [{ path: [NAME_FIELD], mode: 'DESCENDING' }],
    ];
    const paths = [
      ...[...need.equalities.values()].map((e) => e.path),
      ...need.suffix.slice(0, -1).map((o) => o.path),
    ];
    for (const path of paths) {
      for (const mode of this.singleFieldModes(scope, collection, path)) {
        // An array-contains index is read in either __name__ direction.
        const nameModes = mode === 'CONTAINS' ? ORDER_MODES : [mode];
        for (const nameMode of nameModes)
          lists.push([
            { path, mode },
            { path: [NAME_FIELD], mode: nameMode },
          ]);
      }
    }
    return lists;
  }

  private singleFieldModes(scope: QueryScope, collection: string, path: FieldPath): IndexMode[] {
    // An override of a map field applies to its subfields too; the nearest one wins.
    for (let length = path.length; length > 0; length--) {
      const override = this.overrides.get(fieldKey(collection, path.slice(0, length)));
      if (override) return override.filter((i) => i.queryScope === scope).map((i) => i.mode);
    }
    return scope === 'COLLECTION' ? ['ASCENDING', 'DESCENDING', 'CONTAINS'] : [];
  }
}

/**
 * The equality fields an index's leading fields cover when the rest of it is exactly the query's
 * suffix; null when it cannot serve the query.
 */
function servingPrefix(fields: readonly IndexField[], need: Need): string[] | null {
  const { suffix, equalities } = need;
  const split = fields.length - suffix.length;
  if (split < 0) return null;
  for (let i = 0; i < suffix.length; i++) {
    const field = fields[split + i];
    if (field.mode !== suffix[i].mode || !samePath(field.path, suffix[i].path)) return null;
  }
  const prefix: string[] = [];
  for (let i = 0; i < split; i++) {
    const key = canonicalFieldPath(fields[i].path);
    const equality = equalities.get(key);
    if (!equality || equality.contains !== (fields[i].mode === 'CONTAINS')) return null;
    prefix.push(key);
  }
  return prefix;
}

/**
 * One conjunction's needs, with the query's normalized orders (an order on a field fixed by == adds
 * nothing).
 */
function needOf(conjunction: readonly Leaf[], query: QueryShape): Need {
  const equalities = new Map<string, EqualityField>();
  for (const filter of conjunction) {
    if (isNameField(filter.path)) continue;
    const contains = CONTAINS_OPS.includes(filter.op);
    if (!contains && !EQUALITY_OPS.includes(filter.op)) continue;
    const key = canonicalFieldPath(filter.path);
    if (!equalities.has(key)) equalities.set(key, { path: filter.path, contains });
  }
  const suffix: IndexField[] = [];
  for (const order of query.orders) {
    const key = canonicalFieldPath(order.path);
    const equality = equalities.get(key);
    if (equality && !equality.contains && !isNameField(order.path)) continue;
    suffix.push({ path: order.path, mode: order.desc ? 'DESCENDING' : 'ASCENDING' });
  }
  return { equalities, suffix };
}

/**
 * The filter in disjunctive normal form, each disjunct a list of field and unary filters
 * (matches Firestore: each disjunct of an OR query is served by its own indexes). `in` stays
 * one filter: it is served as an equality.
 */
function disjuncts(filter: Filter | null): Leaf[][] {
  if (!filter) return [[]];
  if (!('composite' in filter)) return [[filter]];
  if (filter.composite === 'OR') return filter.filters.flatMap(disjuncts);
  let product: Leaf[][] = [[]];
  for (const next of filter.filters.map(disjuncts)) {
    if (next.length === 1) {
      // The common case, an AND of plain filters: appended in place, not copied at each step
      // (which made 20,000 filters take the gate 16 s).
      for (const left of product) for (const leaf of next[0]) left.push(leaf);
    } else {
      product = product.flatMap((left) => next.map((right) => [...left, ...right]));
    }
  }
  return product;
}

/** How many conjunctions disjuncts(filter) would make, worked out without making them. */
function disjunctionCount(filter: Filter | null): number {
  if (!filter || !('composite' in filter)) return 1;
  const counts = filter.filters.map(disjunctionCount);
  return filter.composite === 'OR'
    ? counts.reduce((sum, count) => sum + count, 0)
    : counts.reduce((product, count) => product * count, 1);
}

function scopeKey(scope: QueryScope, collection: string): string {
  return `${scope}\u0000${collection}`;
}

function fieldKey(collection: string, path: FieldPath): string {
  return `${collection}\u0000${canonicalFieldPath(path)}`;
}
