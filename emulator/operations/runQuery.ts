/**
 * POST .../documents[/{parent document}]:runQuery — StructuredQuery over one collection, served
 * from an ordered index: binary search to the start cursor, then filter, offset and limit.
 */
import type { RequestContext } from '../context';
import { unimplemented } from '../errors';
import { canonicalFieldPath, projectFields } from '../fieldPath';
import { expectObject } from '../json';
import type { Document } from '../model';
import type { IndexEntry, OrderedIndex } from '../orderedIndex';
import { matches } from '../query/filters';
import { parseStructuredQuery, type Query } from '../query/structuredQuery';
import { checkRules, dataAccess } from '../rulesCheck';
import type { EmulatorState } from '../state';
import { toDocument } from '../storedDoc';
import { currentTime, formatServerTime } from '../time';

export interface RunQueryRequest {
  /** Relative path of the parent document, '' for the database root. */
  parent: string;
  body: unknown;
}

export type RunQueryResponse = ({ document: Document; readTime: string } | { readTime: string })[];

export function runQuery(
  state: EmulatorState,
  request: RunQueryRequest,
  ctx: RequestContext,
): RunQueryResponse {
  const body = expectObject(request.body, '', [
    'structuredQuery',
    'transaction',
    'newTransaction',
    'readTime',
    'explainOptions',
  ]);
  if (body.transaction !== undefined || body.newTransaction !== undefined)
    throw unimplemented('Transactions');
  if (body.readTime !== undefined) throw unimplemented('Reads at a past readTime');
  if (body.explainOptions !== undefined) throw unimplemented('Query explain (explainOptions)');
  const query = parseStructuredQuery(body.structuredQuery);
  const collection = request.parent
    ? `${request.parent}/${query.collectionId}`
    : query.collectionId;
  const db = state.database(ctx.db);
  const now = currentTime();
  checkRules(
    ctx,
    {
      method: 'list',
      path: collection,
      resource: null,
      requestResource: null,
      query: {
        limit: query.limit,
        offset: query.offset === 0 ? null : query.offset,
        orderBy: query.explicitOrders.map((o) => ({
          field: canonicalFieldPath(o.path),
          direction: o.desc ? 'desc' : 'asc',
        })),
      },
    },
    dataAccess((path) => db.get(path)),
    now,
  );
  const readTime = formatServerTime(now);
  const found = execute(db.index(collection, query.orders), query);
  if (found.length === 0) return [{ readTime }];
  return found.map((entry) => ({
    document: toDocument(
      entry.doc,
      query.select ? projectFields(entry.doc.fields, query.select) : entry.doc.fields,
    ),
    readTime,
  }));
}

function execute(index: OrderedIndex, query: Query): IndexEntry[] {
  const { startAt, endAt, filter, limit } = query;
  // matches Firestore: startAt (before) includes the cursor position, startAfter excludes it.
  const start = startAt
    ? index.lowerBound((entry) => {
        const c = index.compareKeys(entry.keys, startAt.values);
        return startAt.before ? c >= 0 : c > 0;
      })
    : 0;
  const results: IndexEntry[] = [];
  if (limit === 0) return results;
  let skipped = 0;
  for (let i = start; i < index.size; i++) {
    const entry = index.at(i);
    if (endAt) {
      // endBefore (before) excludes the cursor position, endAt includes it.
      const c = index.compareKeys(entry.keys, endAt.values);
      if (endAt.before ? c >= 0 : c > 0) break;
    }
    if (filter && !matches(entry.doc, filter)) continue;
    if (skipped < query.offset) {
      skipped++;
      continue;
    }
    results.push(entry);
    if (limit !== null && results.length >= limit) break;
  }
  return results;
}
