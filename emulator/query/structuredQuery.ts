/** StructuredQuery JSON → a checked query with Firestore's normalized ordering. */
import { assertArgument, invalidArgument, unimplemented } from '../errors';
import {
  expectArray,
  expectBoolean,
  expectInt32,
  expectObject,
  expectString,
  isObject,
} from '../json';
import { canonicalFieldPath, isNameField, NAME_FIELD, type FieldPath } from '../fieldPath';
import type { Value } from '../model';
import type { IndexOrder } from '../orderedIndex';
import { validateId } from '../paths';
import { parseValue } from '../values';
import {
  fieldReference,
  inequalityFields,
  parseFilter,
  validateFilterCombination,
  type Filter,
} from './filters';

export interface Cursor {
  values: Value[];
  before: boolean;
}

export interface Query {
  collectionId: string;
  /** A collection-group query: every collection with this ID under the parent, at any depth. */
  allDescendants: boolean;
  filter: Filter | null;
  /** As the request gave them (for rules: request.query.orderBy). */
  explicitOrders: IndexOrder[];
  /** explicit + implicit inequality fields + __name__, as Firestore normalizes them. */
  orders: IndexOrder[];
  startAt: Cursor | null;
  endAt: Cursor | null;
  offset: number;
  limit: number | null;
  select: FieldPath[] | null;
}

const QUERY_FIELDS = [
  'select',
  'from',
  'where',
  'orderBy',
  'startAt',
  'endAt',
  'offset',
  'limit',
  'findNearest',
];

export function parseStructuredQuery(raw: unknown, where = 'structured_query'): Query {
  const query = expectObject(raw, where, QUERY_FIELDS);
  if (query.findNearest !== undefined) throw unimplemented('Vector search (findNearest)');
  const from = expectArray(query.from, `${where}.from`);
  assertArgument(from.length === 1, `'${where}.from' must name exactly one collection.`);
  const selector = expectObject(from[0], `${where}.from[0]`, ['collectionId', 'allDescendants']);
  const allDescendants =
    selector.allDescendants !== undefined &&
    expectBoolean(selector.allDescendants, `${where}.from[0].allDescendants`);
  const collectionId = expectString(selector.collectionId, `${where}.from[0].collectionId`);
  validateId(collectionId, `${where}.from[0].collectionId`);

  const filter = query.where === undefined ? null : parseFilter(query.where, `${where}.where`);
  if (filter) validateFilterCombination(filter);
  const explicitOrders = expectList(query.orderBy, `${where}.orderBy`).map((order, i) =>
    parseOrder(order, `${where}.orderBy[${i}]`),
  );
  const orders = normalizeOrders(explicitOrders, filter);
  const startAt = parseCursor(query.startAt, `${where}.startAt`, orders);
  const endAt = parseCursor(query.endAt, `${where}.endAt`, orders);
  const offset = query.offset === undefined ? 0 : expectInt32(query.offset, `${where}.offset`);
  assertArgument(offset >= 0, `'${where}.offset' must not be negative.`);
  const limit = parseLimit(query.limit, `${where}.limit`);
  return {
    collectionId,
    allDescendants,
    filter,
    explicitOrders,
    orders,
    startAt,
    endAt,
    offset,
    limit,
    select: parseSelect(query.select, `${where}.select`),
  };
}

function expectList(raw: unknown, where: string): unknown[] {
  return raw === undefined ? [] : expectArray(raw, where);
}

function parseOrder(raw: unknown, where: string): IndexOrder {
  const order = expectObject(raw, where, ['field', 'direction']);
  const direction = order.direction ?? 'ASCENDING';
  assertArgument(
    direction === 'ASCENDING' || direction === 'DESCENDING',
    `Invalid value at '${where}.direction': ${JSON.stringify(direction)} (expected ASCENDING or DESCENDING).`,
  );
  return { path: fieldReference(order.field, `${where}.field`), desc: direction === 'DESCENDING' };
}

/** matches Firestore (and the SDK's queryNormalizedOrderBy): inequality fields, then __name__, in the last direction. */
function normalizeOrders(explicit: IndexOrder[], filter: Filter | null): IndexOrder[] {
  const orders: IndexOrder[] = [];
  const seen = new Set<string>();
  for (const order of explicit) {
    const key = canonicalFieldPath(order.path);
    if (seen.has(key)) throw invalidArgument(`orderBy lists the field '${key}' more than once.`);
    seen.add(key);
    orders.push(order);
    // Names are unique, so nothing after __name__ can change the order.
    if (isNameField(order.path)) return orders;
  }
  const desc = explicit.length > 0 ? explicit[explicit.length - 1].desc : false;
  for (const path of inequalityFields(filter)) {
    if (!seen.has(canonicalFieldPath(path))) orders.push({ path, desc });
  }
  orders.push({ path: [NAME_FIELD], desc });
  return orders;
}

function parseCursor(raw: unknown, where: string, orders: IndexOrder[]): Cursor | null {
  if (raw === undefined) return null;
  const cursor = expectObject(raw, where, ['values', 'before']);
  const values = expectList(cursor.values, `${where}.values`).map((v, i) =>
    parseValue(v, `${where}.values[${i}]`),
  );
  assertArgument(values.length > 0, `'${where}' must have at least one value.`);
  assertArgument(
    values.length <= orders.length,
    `Too many cursor values at '${where}': ${values.length} values for ${orders.length} orderings.`,
  );
  values.forEach((value, i) => {
    if (isNameField(orders[i].path)) {
      assertArgument(
        'referenceValue' in value,
        `Cursor value at '${where}.values[${i}]' orders by __name__ and must be a referenceValue.`,
      );
    }
  });
  const before =
    cursor.before === undefined ? false : expectBoolean(cursor.before, `${where}.before`);
  return { values, before };
}

function parseLimit(raw: unknown, where: string): number | null {
  if (raw === undefined || raw === null) return null;
  // proto3 JSON writes Int32Value as a bare number; some clients send { value }.
  const value = isObject(raw) ? expectObject(raw, where, ['value']).value : raw;
  const limit = expectInt32(value, where);
  assertArgument(limit >= 0, `'${where}' must not be negative.`);
  return limit;
}

function parseSelect(raw: unknown, where: string): FieldPath[] | null {
  if (raw === undefined) return null;
  const projection = expectObject(raw, where, ['fields']);
  return expectList(projection.fields, `${where}.fields`)
    .map((field, i) => fieldReference(field, `${where}.fields[${i}]`))
    .filter((path) => !isNameField(path));
}
