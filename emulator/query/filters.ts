/**
 * `where` filters: parsing from StructuredQuery JSON and matching with Firestore's semantics
 * (as the Firestore SDK's own query matcher implements them).
 */
import { assertArgument, invalidArgument } from '../errors';
import { expectArray, expectObject, expectString } from '../json';
import { getField, isNameField, parseFieldPath, type FieldPath } from '../fieldPath';
import type { Value } from '../model';
import type { StoredDoc } from '../storedDoc';
import { parseValue } from '../values';
import { compareValues, isNaNValue, typeOrder, valuesEqual } from '../valueOrder';

export type FieldOp =
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'NOT_IN'
  | 'ARRAY_CONTAINS_ANY';
export type UnaryOp = 'IS_NULL' | 'IS_NAN' | 'IS_NOT_NULL' | 'IS_NOT_NAN';

export type Filter =
  | { kind: 'field'; path: FieldPath; op: FieldOp; value: Value }
  | { kind: 'unary'; path: FieldPath; op: UnaryOp }
  | { kind: 'composite'; op: 'AND' | 'OR'; filters: Filter[] };

const FIELD_OPS: readonly string[] = [
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'NOT_IN',
  'ARRAY_CONTAINS_ANY',
];
const UNARY_OPS: readonly string[] = ['IS_NULL', 'IS_NAN', 'IS_NOT_NULL', 'IS_NOT_NAN'];
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
/** matches Firestore: IN and ARRAY_CONTAINS_ANY take up to 30 values, NOT_IN up to 10. */
const LIST_LIMITS: Partial<Record<FieldOp, number>> = {
  IN: 30,
  ARRAY_CONTAINS_ANY: 30,
  NOT_IN: 10,
};

export function parseFilter(raw: unknown, where: string): Filter {
  const object = expectObject(raw, where, ['fieldFilter', 'unaryFilter', 'compositeFilter']);
  const kinds = Object.keys(object);
  assertArgument(
    kinds.length === 1,
    `'${where}' must have exactly one of fieldFilter, unaryFilter, compositeFilter.`,
  );
  if (object.compositeFilter !== undefined) {
    const at = `${where}.compositeFilter`;
    const composite = expectObject(object.compositeFilter, at, ['op', 'filters']);
    assertArgument(
      composite.op === 'AND' || composite.op === 'OR',
      `Invalid value at '${at}.op': ${JSON.stringify(composite.op)} (expected AND or OR).`,
    );
    const filters = expectArray(composite.filters, `${at}.filters`);
    assertArgument(filters.length > 0, `'${at}.filters' must not be empty.`);
    return {
      kind: 'composite',
      op: composite.op,
      filters: filters.map((f, i) => parseFilter(f, `${at}.filters[${i}]`)),
    };
  }
  if (object.unaryFilter !== undefined) {
    const at = `${where}.unaryFilter`;
    const unary = expectObject(object.unaryFilter, at, ['op', 'field']);
    const op = expectString(unary.op, `${at}.op`);
    assertArgument(
      UNARY_OPS.includes(op),
      `Invalid value at '${at}.op': "${op}" is not a unary operator.`,
    );
    return { kind: 'unary', path: fieldReference(unary.field, `${at}.field`), op: op as UnaryOp }; // checked just above
  }
  const at = `${where}.fieldFilter`;
  const field = expectObject(object.fieldFilter, at, ['field', 'op', 'value']);
  const op = expectString(field.op, `${at}.op`);
  assertArgument(
    FIELD_OPS.includes(op),
    `Invalid value at '${at}.op': "${op}" is not a field operator.`,
  );
  const fieldOp = op as FieldOp; // checked just above
  const path = fieldReference(field.field, `${at}.field`);
  const value = parseValue(field.value, `${at}.value`);
  const limit = LIST_LIMITS[fieldOp];
  if (limit !== undefined) {
    const values = 'arrayValue' in value ? (value.arrayValue.values ?? []) : null;
    assertArgument(
      values !== null && values.length > 0,
      `'${op}' at '${at}' requires a non-empty array value.`,
    );
    assertArgument(
      values.length <= limit,
      `'${op}' supports up to ${limit} comparison values (got ${values.length}).`,
    );
  }
  if (isNameField(path)) {
    const values =
      limit !== undefined && 'arrayValue' in value ? (value.arrayValue.values ?? []) : [value];
    assertArgument(
      values.every((v) => 'referenceValue' in v),
      `A filter on __name__ at '${at}' must compare with document references (referenceValue).`,
    );
  }
  return { kind: 'field', path, op: fieldOp, value };
}

export function fieldReference(raw: unknown, where: string): FieldPath {
  const reference = expectObject(raw, where, ['fieldPath']);
  return parseFieldPath(expectString(reference.fieldPath, `${where}.fieldPath`), where);
}

/** Firestore's documented limits on combining operators. */
export function validateFilterCombination(filter: Filter): void {
  const all = flatten(filter);
  const count = (op: string) => all.filter((f) => f.op === op).length;
  const hasOr = containsOr(filter);
  if (count('NOT_IN') > 1) throw invalidArgument('A query can have at most one NOT_IN filter.');
  if (count('NOT_IN') > 0 && count('NOT_EQUAL') > 0) {
    throw invalidArgument('A query cannot combine NOT_IN with NOT_EQUAL filters.');
  }
  if (count('NOT_IN') > 0 && (hasOr || count('IN') > 0 || count('ARRAY_CONTAINS_ANY') > 0)) {
    throw invalidArgument('A query cannot combine NOT_IN with IN, ARRAY_CONTAINS_ANY or OR.');
  }
  const disjunctions = disjunctionCount(filter);
  if (disjunctions > 30) {
    throw invalidArgument(
      `A query is limited to 30 disjunctions in disjunctive normal form (this one has ${disjunctions}).`,
    );
  }
}

export function flatten(filter: Filter): Exclude<Filter, { kind: 'composite' }>[] {
  return filter.kind === 'composite' ? filter.filters.flatMap(flatten) : [filter];
}

function containsOr(filter: Filter): boolean {
  return filter.kind === 'composite' && (filter.op === 'OR' || filter.filters.some(containsOr));
}

function disjunctionCount(filter: Filter): number {
  if (filter.kind === 'unary') return 1;
  if (filter.kind === 'field') {
    const many = filter.op === 'IN' || filter.op === 'ARRAY_CONTAINS_ANY';
    return many && 'arrayValue' in filter.value ? (filter.value.arrayValue.values ?? []).length : 1;
  }
  const counts = filter.filters.map(disjunctionCount);
  return filter.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
}

/** Fields with an inequality, which get an implicit orderBy (sorted, as the SDK normalizes). */
export function inequalityFields(filter: Filter | null): FieldPath[] {
  if (!filter) return [];
  const seen = new Map<string, FieldPath>();
  for (const f of flatten(filter)) {
    if (INEQUALITY_OPS.includes(f.op) && !isNameField(f.path))
      seen.set(f.path.join('\u0000'), f.path);
  }
  return [...seen.values()].sort((a, b) => compareSegments(a, b));
}

function compareSegments(a: FieldPath, b: FieldPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

export function matches(doc: StoredDoc, filter: Filter): boolean {
  if (filter.kind === 'composite') {
    return filter.op === 'AND'
      ? filter.filters.every((f) => matches(doc, f))
      : filter.filters.some((f) => matches(doc, f));
  }
  const value = isNameField(filter.path) ? doc.ref : getField(doc.fields, filter.path);
  if (filter.kind === 'unary') return matchesUnary(value, filter.op);
  if (value === undefined) return false; // matches Firestore: no filter matches a missing field
  return matchesField(value, filter.op, filter.value);
}

function matchesUnary(value: Value | undefined, op: UnaryOp): boolean {
  if (value === undefined) return false;
  const isNull = 'nullValue' in value;
  switch (op) {
    case 'IS_NULL':
      return isNull;
    case 'IS_NAN':
      return isNaNValue(value);
    case 'IS_NOT_NULL':
      return !isNull;
    case 'IS_NOT_NAN':
      return !isNull && !isNaNValue(value);
  }
}

function matchesField(value: Value, op: FieldOp, operand: Value): boolean {
  const list = 'arrayValue' in operand ? (operand.arrayValue.values ?? []) : [];
  const elements = 'arrayValue' in value ? (value.arrayValue.values ?? []) : null;
  switch (op) {
    case 'EQUAL':
      return valuesEqual(value, operand);
    case 'NOT_EQUAL':
      // matches Firestore: != never matches null (nor a missing field).
      return !('nullValue' in value) && !valuesEqual(value, operand);
    case 'ARRAY_CONTAINS':
      return elements !== null && elements.some((e) => valuesEqual(e, operand));
    case 'ARRAY_CONTAINS_ANY':
      return elements !== null && elements.some((e) => list.some((v) => valuesEqual(e, v)));
    case 'IN':
      return list.some((v) => valuesEqual(value, v));
    case 'NOT_IN':
      if (list.some((v) => 'nullValue' in v)) return false;
      return !('nullValue' in value) && !list.some((v) => valuesEqual(value, v));
    default: {
      // matches Firestore: range filters only match values of the operand's type.
      if (typeOrder(value) !== typeOrder(operand)) return false;
      const c = compareValues(value, operand);
      if (op === 'LESS_THAN') return c < 0;
      if (op === 'LESS_THAN_OR_EQUAL') return c <= 0;
      if (op === 'GREATER_THAN') return c > 0;
      return c >= 0;
    }
  }
}
