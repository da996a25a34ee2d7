/** The one place operations ask the rules; the store never parses rules itself. */
import { ApiError } from './errors';
import type { Document } from './model';
import type { RequestContext } from './context';
import type { RulesDataAccess, RulesMethod, RulesQuery } from './rules/validator';
import { toDocument, type StoredDoc } from './storedDoc';
import type { Micros } from './time';

export interface RulesCheck {
  method: RulesMethod;
  /** Relative to `.../documents`: the document path, or the collection path for list. */
  path: string;
  /** A list over a collection group (`path` then ends in the collection ID). */
  collectionGroup?: boolean;
  resource: StoredDoc | null;
  requestResource: StoredDoc | null;
  query: RulesQuery | null;
}

/** Throws PERMISSION_DENIED, naming the method, the path and the rules' reason, on a denial. */
export function checkRules(
  ctx: RequestContext,
  check: RulesCheck,
  data: RulesDataAccess,
  time: Micros,
): void {
  if (!ctx.rules || ctx.caller.kind === 'owner') return;
  const decision = ctx.rules.evaluate(
    {
      method: check.method,
      database: ctx.db.database,
      path: check.path,
      collectionGroup: check.collectionGroup ?? false,
      auth: ctx.caller.kind === 'user' ? ctx.caller.auth : null,
      time: new Date(Math.floor(time / 1000)),
      timeMicros: time,
      resource: check.resource ? toDocument(check.resource) : null,
      requestResource: check.requestResource ? toDocument(check.requestResource) : null,
      query: check.query,
    },
    data,
  );
  if (!decision.allowed) {
    // matches the official emulator: the production text, then why (method, path, rule).
    throw new ApiError(
      'PERMISSION_DENIED',
      `Missing or insufficient permissions. Denied '${check.method}' on ${check.collectionGroup ? 'collection group ' : ''}${check.path}: ${decision.reason}`,
    );
  }
}

/**
 * Reads for rules functions (get(), exists(), getAfter()) over relative paths, for one request:
 * pass the same object to every checkRules of that request, so its document accesses are counted
 * together. `documents`: how many documents the request reads or writes (1 for a query).
 */
export function dataAccess(
  before: (path: string) => StoredDoc | null,
  after: (path: string) => StoredDoc | null = before,
  documents = 1,
): RulesDataAccess {
  const wrap =
    (read: (path: string) => StoredDoc | null) =>
    (path: string): Document | null => {
      const doc = read(path);
      return doc ? toDocument(doc) : null;
    };
  return { get: wrap(before), getAfter: wrap(after), documents, reads: new Map() };
}
