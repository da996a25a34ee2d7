/**
 * GET .../documents/{document path} — one document (Firestore's documents.get), after the `get`
 * rule. Its options travel as query parameters: `mask.fieldPaths` (repeatable) is served;
 * `transaction` and `readTime` are refused loudly, as in the other reads.
 */
import type { RequestContext } from '../context';
import { ApiError, invalidArgument } from '../errors';
import { parseFieldPath, projectFields } from '../fieldPath';
import type { Document } from '../model';
import { documentName } from '../paths';
import { checkRules, dataAccess } from '../rulesCheck';
import type { EmulatorState } from '../state';
import { toDocument } from '../storedDoc';
import { currentTime } from '../time';
import { rejectReadOptions } from './readOptions';

export interface GetDocumentRequest {
  /** Relative to `.../documents`, already checked to name a document. */
  path: string;
  /** The URL's query string. */
  params: URLSearchParams;
}

/** Query parameters Google's front end binds for this method (`key` is the API key, unused here). */
const KNOWN_PARAMS = new Set(['key', 'mask.fieldPaths', 'transaction', 'readTime']);

export function getDocument(
  state: EmulatorState,
  request: GetDocumentRequest,
  ctx: RequestContext,
): Document {
  for (const param of request.params.keys()) {
    if (!KNOWN_PARAMS.has(param)) {
      // matches Firestore: an unknown query parameter is a 400, not ignored.
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${param}": Cannot bind query parameter. Field '${param}' could not be found in request message.`,
      );
    }
  }
  rejectReadOptions({
    transaction: request.params.get('transaction') ?? undefined,
    readTime: request.params.get('readTime') ?? undefined,
  });
  const mask = request.params
    .getAll('mask.fieldPaths')
    .map((text) => parseFieldPath(text, 'mask.fieldPaths'));
  const db = state.database(ctx.db);
  const doc = db.get(request.path);
  // matches Firestore: the rules decide first (with `resource` null for a missing document), so a
  // denied reader cannot tell whether the document exists.
  checkRules(
    ctx,
    { method: 'get', path: request.path, resource: doc, requestResource: null, query: null },
    dataAccess((path) => db.get(path)),
    currentTime(),
  );
  if (!doc) {
    // matches Firestore: a missing document is 404 NOT_FOUND naming it, not an empty document.
    throw new ApiError('NOT_FOUND', `Document "${documentName(ctx.db, request.path)}" not found.`);
  }
  return mask.length > 0 ? toDocument(doc, projectFields(doc.fields, mask)) : toDocument(doc);
}
