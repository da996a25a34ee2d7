/**
 * What a query does before it reads: its indexes, its target and the `list` check. runQuery and
 * runAggregationQuery ask the same questions (matches Firestore: an aggregation is allowed exactly
 * when its underlying query is).
 */
import type { RequestContext } from '../context';
import { canonicalFieldPath } from '../fieldPath';
import { checkRules, dataAccess } from '../rulesCheck';
import type { DatabaseState, EmulatorState } from '../state';
import { currentTime, type Micros } from '../time';
import { queryTarget, type QueryTarget } from './collectionGroup';
import type { Query } from './structuredQuery';

/**
 * The index `query` reads under `parent` (relative to `.../documents`, '' for the root) and the
 * time it reads at, once the query has passed its index and `list` checks.
 */
export function admitQuery(
  state: EmulatorState,
  ctx: RequestContext,
  parent: string,
  query: Query,
): { target: QueryTarget; now: Micros } {
  // matches Firestore: a query without the indexes it needs fails before it reads anything.
  ctx.indexes?.check(query, ctx.db.project, ctx.db.database);
  const db = state.database(ctx.db);
  const now = currentTime();
  const target = queryTarget(db, parent, query);
  checkListRules(ctx, db, target.path, query, now);
  return { target, now };
}

function checkListRules(
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
