/**
 * The `request` and `resource` variables as the rules language sees them
 * (https://firebase.google.com/docs/reference/rules/rules.firestore.Request, .../Resource).
 */
import type { Document } from '../model';
import type { RulesQuery, RulesRequest } from './validator';
import { fromJson, RError, RMap, RPath, RTimestamp, type Result, type RValue } from './values';

/** `/databases/{database}/documents/{path}` as a path value. */
export function documentsPath(database: string, path: string): RPath {
  const segments = path === '' ? [] : path.split('/');
  return new RPath(['databases', database, 'documents', ...segments]);
}

/** A document as `resource` / `request.resource` / `get()`: `data`, `id` and `__name__`. */
export function resourceValue(doc: Document, database: string): RMap {
  const root = `databases/${database}/documents/`;
  const path = doc.name.slice(doc.name.indexOf('/documents/') + '/documents/'.length);
  const segments = path.split('/');
  return RMap.lazy({
    data: () => RMap.fromFields(doc.fields ?? {}),
    id: () => segments[segments.length - 1],
    __name__: () => new RPath([...root.split('/').filter((s) => s !== ''), ...segments]),
  });
}

function queryValue(query: RulesQuery): RMap {
  const orderBy = new Map<string, RValue>();
  for (const order of query.orderBy) orderBy.set(order.field, order.direction.toUpperCase());
  return RMap.lazy({
    limit: () => (query.limit === null ? null : BigInt(query.limit)),
    offset: () => (query.offset === null ? null : BigInt(query.offset)),
    orderBy: () => RMap.fromEntries(orderBy),
  });
}

export function requestValue(request: RulesRequest): RMap {
  const { database } = request;
  return RMap.lazy({
    auth: () =>
      request.auth === null
        ? null
        : RMap.lazy({
            uid: () => request.auth?.uid ?? null,
            token: () => fromJson(request.auth?.token ?? {}),
          }),
    method: () => request.method,
    path: () => documentsPath(database, request.path),
    time: () =>
      request.timeMicros === undefined
        ? RTimestamp.fromMillis(request.time.getTime())
        : new RTimestamp(BigInt(request.timeMicros) * 1000n),
    resource: () =>
      request.requestResource ? resourceValue(request.requestResource, database) : null,
    query: () => (request.query ? queryValue(request.query) : null),
  });
}

/**
 * For list requests Firestore checks the query's constraints against the rule rather than each
 * document; this interpreter does not, so any use of `resource` in a list rule is an error (deny).
 */
export function resourceVariable(request: RulesRequest): Result {
  if (request.method === 'list') {
    return new RError('resource is not available for list requests in this emulator.');
  }
  return request.resource ? resourceValue(request.resource, request.database) : null;
}
