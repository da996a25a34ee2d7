/**
 * get(), exists(), getAfter() and existsAfter(): the rules' reads of other documents, with
 * Firestore's semantics (https://firebase.google.com/docs/firestore/security/rules-conditions
 * "Access other documents"):
 * - get()/exists() see the database before the request; getAfter()/existsAfter() see it as if the
 *   whole commit had succeeded (a document created by another write of the batch exists, one it
 *   deletes does not). For reads both see the stored state.
 * - get()/getAfter() of a missing document is an error (as production behaves, whatever the
 *   reference says), so the rule denies unless `&&`/`||` decide without it; exists()/existsAfter()
 *   answer false.
 * - A request may access at most 10 documents (one document, or a query) or 20 (a commit of
 *   several writes, a batchGet of several documents), counted over all of its evaluations, and
 *   each evaluation at most 10. A document read again is cached and does not count again.
 *   Exceeding a limit denies the request, whatever else the rule says.
 */
import type { Document } from '../model';
import { documentPath } from './builtins/paths';
import { DOCUMENT_FUNCTIONS } from './builtins/registry';
import { documentsPath, resourceValue } from './request';
import { LIMITS, type Compiled, type EvalContext } from './runtime';
import { RError } from './values';

export type DocumentFunction = 'get' | 'exists' | 'getAfter' | 'existsAfter';

export function isDocumentFunction(name: string): name is DocumentFunction {
  return DOCUMENT_FUNCTIONS.has(name);
}

export function documentCall(name: DocumentFunction, arg: Compiled): Compiled {
  const after = name === 'getAfter' || name === 'existsAfter';
  const exists = name === 'exists' || name === 'existsAfter';
  const reader = after ? 'getAfter' : 'get';
  return (f) => {
    const ctx = f.ctx;
    const value = arg(f);
    if (value instanceof RError) return value;
    const path = documentPath(value, ctx.request.database);
    if (path instanceof RError) return path;
    const key = `${reader}:${path}`;
    let doc = ctx.documents.get(key);
    if (doc === undefined) {
      const stored = read(ctx, key, path, after);
      if (stored instanceof RError) return stored;
      doc = stored ? resourceValue(stored, ctx.request.database) : null;
      ctx.documents.set(key, doc);
    }
    if (exists) return doc !== null;
    if (doc === null) {
      // matches Firestore and the official emulator, though the reference says "null": an error
      // (firebase/firebase-tools#2067, firebase/firebase-js-sdk#3908).
      return new RError(
        `Function [${reader}] called with path to nonexistent resource: ${documentsPath(ctx.request.database, path)}`,
      );
    }
    return doc;
  };
}

/** The stored document (or null), from the request's cache or counted against its limits. */
function read(
  ctx: EvalContext,
  key: string,
  path: string,
  after: boolean,
): Document | null | RError {
  const cached = ctx.reads.get(key);
  if (cached !== undefined) return cached;
  const limits = LIMITS.documentAccesses;
  const requestLimit =
    (ctx.data.documents ?? 1) > 1 ? limits.multiDocumentRequest : limits.singleDocumentRequest;
  if (ctx.newReads >= limits.perEvaluation) {
    ctx.fatal = new RError(
      `Maximum number of document accesses for one operation (${limits.perEvaluation}) exceeded.`,
    );
    return ctx.fatal;
  }
  if (ctx.reads.size >= requestLimit) {
    ctx.fatal = new RError(
      `Maximum number of document accesses for this request (${requestLimit}) exceeded.`,
    );
    return ctx.fatal;
  }
  const stored = after ? ctx.data.getAfter(path) : ctx.data.get(path);
  ctx.reads.set(key, stored);
  ctx.newReads += 1;
  return stored;
}
