/**
 * The `list` check a query makes before it reads: runQuery and runAggregationQuery ask the same
 * question (matches Firestore: an aggregation is allowed exactly when its underlying query is).
 */
import type { RequestContext } from '../context';
import { canonicalFieldPath } from '../fieldPath';
import { checkRules, dataAccess } from '../rulesCheck';
import type { DatabaseState } from '../state';
import type { Micros } from '../time';
import type { Query } from './structuredQuery';

export function checkListRules(
  ctx: RequestContext,
  db: DatabaseState,
  path: string,
  query: Query,
  time: Micros,
): void {
  checkRules(
    ctx,
    {
      method: 'list',
      path,
      collectionGroup: query.allDescendants,
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
    dataAccess((p) => db.get(p)),
    time,
  );
}
