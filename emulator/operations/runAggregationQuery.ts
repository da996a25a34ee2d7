/**
 * POST .../documents[/{parent document}]:runAggregationQuery — count (with upTo), sum and avg
 * over a StructuredQuery's results, up to five at once, each under its alias
 * (https://firebase.google.com/docs/firestore/reference/rest/v1/StructuredAggregationQuery).
 * The documents are walked in the query's index without being copied or encoded; an unfiltered
 * count is answered from index positions alone.
 */
import type { RequestContext } from '../context';
import { assertArgument } from '../errors';
import { getField, isNameField, type FieldPath } from '../fieldPath';
import { expectArray, expectObject, expectString, isObject } from '../json';
import type { Value } from '../model';
import type { QueryTarget } from '../query/collectionGroup';
import { fieldReference } from '../query/filters';
import { admitQuery } from '../query/listRules';
import { NumericSum } from '../query/numericSum';
import { countResults, scan } from '../query/scan';
import { parseStructuredQuery, type Query } from '../query/structuredQuery';
import type { IndexEntry } from '../orderedIndex';
import type { EmulatorState } from '../state';
import type { StoredDoc } from '../storedDoc';
import { formatServerTime } from '../time';
import { READ_OPTION_KEYS, rejectReadOptions } from './readOptions';

/** matches Firestore: "A minimum of one and maximum of five aggregations per query." */
export const MAX_AGGREGATIONS = 5;

export interface RunAggregationQueryRequest {
  /** Relative path of the parent document, '' for the database root. */
  parent: string;
  body: unknown;
}

export type RunAggregationQueryResponse = {
  result: { aggregateFields: Record<string, Value> };
  readTime: string;
}[];

type Aggregation =
  | { alias: string; kind: 'count'; upTo: number | null }
  | { alias: string; kind: 'sum' | 'avg'; path: FieldPath };

const WHERE = 'structured_aggregation_query';

export function runAggregationQuery(
  state: EmulatorState,
  request: RunAggregationQueryRequest,
  ctx: RequestContext,
): RunAggregationQueryResponse {
  const body = expectObject(request.body, '', [
    'structuredAggregationQuery',
    ...READ_OPTION_KEYS,
    'explainOptions',
  ]);
  rejectReadOptions(body);
  const aggregationQuery = expectObject(body.structuredAggregationQuery, WHERE, [
    'structuredQuery',
    'aggregations',
  ]);
  const query = parseStructuredQuery(aggregationQuery.structuredQuery, `${WHERE}.structured_query`);
  const aggregations = parseAggregations(aggregationQuery.aggregations);
  const { target, now } = admitQuery(state, ctx, request.parent, query);
  const aggregateFields = aggregate(target, query, aggregations);
  return [{ result: { aggregateFields }, readTime: formatServerTime(now) }];
}

/** Walks the query's results once and computes every aggregation. */
function aggregate(
  target: QueryTarget,
  query: Query,
  aggregations: Aggregation[],
): Record<string, Value> {
  // matches Firestore: with sum or avg in the request, only documents that have every aggregated
  // field take part in any of the aggregations (count included); a field of another type counts.
  const fields = aggregations.filter((a) => a.kind !== 'count').map(fieldOf);
  const parentAccept = target.accept;
  const accept =
    fields.length === 0
      ? parentAccept
      : (doc: StoredDoc) =>
          (!parentAccept || parentAccept(doc)) &&
          fields.every((path) => isNameField(path) || getField(doc.fields, path) !== undefined);
  // Counts with upTo alone need not look past the largest bound.
  const bounds = aggregations.map((a) => (a.kind === 'count' ? a.upTo : null));
  const limit = bounds.includes(null) ? null : Math.max(...bounds.map((b) => b ?? 0));

  const sums = new Map<Aggregation, NumericSum>();
  for (const a of aggregations) if (a.kind !== 'count') sums.set(a, new NumericSum());
  let count = 0;
  if (sums.size === 0) {
    count = countResults(target.index, query, { accept, limit });
  } else {
    const measured = [...sums].map(([a, sum]) => ({ sum, path: fieldOf(a) }));
    const visit = ({ doc }: IndexEntry) => {
      count++;
      for (const { sum, path } of measured) sum.add(getField(doc.fields, path));
    };
    scan(target.index, query, visit, { accept, limit });
  }

  const aggregateFields: Record<string, Value> = {};
  for (const a of aggregations) {
    const sum = sums.get(a);
    if (a.kind === 'count') {
      const counted = a.upTo === null ? count : Math.min(count, a.upTo);
      aggregateFields[a.alias] = { integerValue: String(counted) };
    } else if (sum) {
      aggregateFields[a.alias] = a.kind === 'sum' ? sum.sum() : sum.average();
    }
  }
  return aggregateFields;
}

function fieldOf(aggregation: Aggregation): FieldPath {
  return aggregation.kind === 'count' ? [] : aggregation.path;
}

function parseAggregations(raw: unknown): Aggregation[] {
  const list = raw === undefined ? [] : expectArray(raw, `${WHERE}.aggregations`);
  assertArgument(list.length > 0, `'${WHERE}.aggregations' must contain at least one aggregation.`);
  assertArgument(
    list.length <= MAX_AGGREGATIONS,
    `The aggregation query exceeds the maximum number of aggregations: ${MAX_AGGREGATIONS} (it has ${list.length}).`,
  );
  const aliases = new Set<string>();
  let unnamed = 0;
  return list.map((item, i) => {
    const where = `${WHERE}.aggregations[${i}]`;
    const aggregation = expectObject(item, where, ['alias', 'count', 'sum', 'avg']);
    const kinds = (['count', 'sum', 'avg'] as const).filter((k) => aggregation[k] !== undefined);
    assertArgument(kinds.length === 1, `'${where}' must have exactly one of count, sum, avg.`);
    // proto3: an empty alias is no alias; Firestore then names it field_1, field_2, ...
    const given =
      aggregation.alias === undefined ? '' : expectString(aggregation.alias, `${where}.alias`);
    const alias = given === '' ? `field_${++unnamed}` : given;
    validateAlias(alias, `${where}.alias`);
    assertArgument(
      !aliases.has(alias),
      `Duplicate alias '${alias}' at '${where}.alias': aggregation aliases must be unique.`,
    );
    aliases.add(alias);
    const kind = kinds[0];
    if (kind === 'count') {
      const count = expectObject(aggregation.count, `${where}.count`, ['upTo']);
      return { alias, kind, upTo: parseUpTo(count.upTo, `${where}.count.up_to`) };
    }
    const operand = expectObject(aggregation[kind], `${where}.${kind}`, ['field']);
    return { alias, kind, path: fieldReference(operand.field, `${where}.${kind}.field`) };
  });
}

/** matches Firestore: an alias must be a valid field name (not __x__, at most 1,500 bytes). */
function validateAlias(alias: string, where: string): void {
  assertArgument(
    !/^__.*__$/.test(alias),
    `Invalid value at '${where}': the alias "${alias}" is reserved (names matching __.*__ are).`,
  );
  assertArgument(
    Buffer.byteLength(alias) <= 1500,
    `Invalid value at '${where}': an alias is longer than 1,500 bytes.`,
  );
}

/** Int64Value in proto3 JSON: a number or a decimal string; it must be positive. */
function parseUpTo(raw: unknown, where: string): number | null {
  if (raw === undefined || raw === null) return null;
  const value = isObject(raw) ? expectObject(raw, where, ['value']).value : raw;
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  assertArgument(
    typeof text === 'string' && /^-?\d+$/.test(text),
    `Invalid value at '${where}' (TYPE_INT64): ${JSON.stringify(value)}.`,
  );
  const upTo = BigInt(text);
  assertArgument(upTo > 0n, `'${where}' must be greater than zero (got ${text}).`);
  // Beyond any possible count the bound changes nothing.
  return upTo > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(upTo);
}
