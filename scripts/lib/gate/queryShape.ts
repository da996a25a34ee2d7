/**
 * What the index check needs of a runQuery / runAggregationQuery body: the collection, its scope,
 * the filters' fields and operators, and the orders as Firestore normalizes them. Anything it
 * cannot read is left to Google's emulator, which answers malformed queries itself: the gate
 * refuses only what it is sure production would refuse for want of an index.
 */
import { isObject, type JsonObject } from './json';
import {
  canonicalFieldPath,
  isNameField,
  NAME_FIELD,
  parseFieldPath,
  type FieldPath,
} from './fieldPath';

/** A field or unary filter: its field and operator (values play no part in index selection). */
export interface Leaf {
  path: FieldPath;
  op: string;
}

export type Filter = Leaf | { composite: 'AND' | 'OR'; filters: Filter[] };

export interface Order {
  path: FieldPath;
  desc: boolean;
}

export interface QueryShape {
  collectionId: string;
  /** A collection-group query. */
  allDescendants: boolean;
  filter: Filter | null;
  /** explicit + implicit inequality fields + __name__, as Firestore normalizes them. */
  orders: Order[];
}

const INEQUALITY_OPS: readonly string[] = [
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_IN',
  'IS_NOT_NULL',
  'IS_NOT_NAN',
];

/** The query of a request body, or null when the body is not one the gate can read. */
export function queryShapeOf(body: unknown): QueryShape | null {
  if (!isObject(body)) return null;
  const aggregation = body.structuredAggregationQuery;
  const raw = isObject(aggregation) ? aggregation.structuredQuery : body.structuredQuery;
  if (!isObject(raw)) return null;
  try {
    return readQuery(raw);
  } catch {
    return null;
  }
}

class Unreadable extends Error {}

function readQuery(query: JsonObject): QueryShape {
  const from = query.from;
  if (!Array.isArray(from) || from.length !== 1 || !isObject(from[0])) throw new Unreadable();
  const { collectionId, allDescendants } = from[0];
  if (typeof collectionId !== 'string') throw new Unreadable();
  const filter = query.where === undefined ? null : readFilter(query.where);
  const explicit = query.orderBy === undefined ? [] : list(query.orderBy).map(readOrder);
  return {
    collectionId,
    allDescendants: allDescendants === true,
    filter,
    orders: normalizeOrders(explicit, filter),
  };
}

function readFilter(raw: unknown): Filter {
  if (!isObject(raw)) throw new Unreadable();
  const { compositeFilter, fieldFilter, unaryFilter } = raw;
  if (isObject(compositeFilter)) {
    const op = compositeFilter.op;
    if (op !== 'AND' && op !== 'OR') throw new Unreadable();
    return { composite: op, filters: list(compositeFilter.filters).map(readFilter) };
  }
  const leaf = isObject(fieldFilter) ? fieldFilter : unaryFilter;
  if (!isObject(leaf) || typeof leaf.op !== 'string') throw new Unreadable();
  return { path: fieldReference(leaf.field), op: leaf.op };
}

function readOrder(raw: unknown): Order {
  if (!isObject(raw)) throw new Unreadable();
  return { path: fieldReference(raw.field), desc: raw.direction === 'DESCENDING' };
}

function fieldReference(raw: unknown): FieldPath {
  if (!isObject(raw) || typeof raw.fieldPath !== 'string') throw new Unreadable();
  return parseFieldPath(raw.fieldPath, 'fieldPath');
}

function list(raw: unknown): unknown[] {
  if (!Array.isArray(raw)) throw new Unreadable();
  return raw;
}

/** The filter's field and unary filters, in order. */
export function leaves(filter: Filter): Leaf[] {
  return 'composite' in filter ? filter.filters.flatMap(leaves) : [filter];
}

/**
 * matches Firestore (and the SDK's queryNormalizedOrderBy): the explicit orders, then fields with
 * an inequality (sorted), then __name__, in the last explicit direction.
 */
function normalizeOrders(explicit: Order[], filter: Filter | null): Order[] {
  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const order of explicit) {
    seen.add(canonicalFieldPath(order.path));
    orders.push(order);
    // Names are unique, so nothing after __name__ can change the order.
    if (isNameField(order.path)) return orders;
  }
  const desc = explicit.at(-1)?.desc ?? false;
  const inequalities = new Map<string, FieldPath>();
  for (const leaf of filter ? leaves(filter) : []) {
    if (INEQUALITY_OPS.includes(leaf.op) && !isNameField(leaf.path)) {
      inequalities.set(canonicalFieldPath(leaf.path), leaf.path);
    }
  }
  for (const path of [...inequalities.values()].sort(compareSegments)) {
    if (!seen.has(canonicalFieldPath(path))) orders.push({ path, desc });
  }
  orders.push({ path: [NAME_FIELD], desc });
  return orders;
}

function compareSegments(a: FieldPath, b: FieldPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}
