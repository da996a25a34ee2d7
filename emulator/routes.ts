/** Maps a method and URL path to an operation. Only routing lives here; operations do the work. */
import { ApiError, invalidArgument, unimplemented } from './errors';
import { validateDocumentPath, type DatabaseId } from './paths';

export type Route =
  | { kind: 'health' }
  | { kind: 'runQuery'; db: DatabaseId; parent: string }
  | { kind: 'runAggregationQuery'; db: DatabaseId; parent: string }
  | { kind: 'commit'; db: DatabaseId }
  | { kind: 'batchGet'; db: DatabaseId }
  | { kind: 'getDocument'; db: DatabaseId; path: string }
  | { kind: 'clear'; db: DatabaseId }
  | { kind: 'securityRules' };

/** Firestore RPCs this emulator knows of but does not implement: they fail loudly, not as unknown paths. */
const UNSUPPORTED_VERBS: Record<string, string> = {
  beginTransaction: 'Transactions',
  rollback: 'Transactions',
  listCollectionIds: 'listCollectionIds',
  partitionQuery: 'partitionQuery',
  batchWrite: 'batchWrite',
  listen: 'The Listen stream',
  write: 'The Write stream',
  executePipeline: 'Pipeline queries',
};

export function route(method: string, pathname: string): Route {
  if (pathname === '/' || pathname === '')
    return expectMethod(method, 'GET', pathname, { kind: 'health' });
  const raw = pathname.split('/').slice(1);
  // An empty segment (a trailing or doubled slash) names no resource, e.g. `documents:runQuery/`.
  if (raw.includes('')) throw notFound(method, pathname);
  const [version, projects, project, databases, database, documents, ...rest] = raw;
  if (
    version === 'v1' &&
    projects === 'projects' &&
    databases === 'databases' &&
    documents !== undefined
  ) {
    return firestoreRoute(method, pathname, decode(project), decode(database), documents, rest);
  }
  if (version === 'emulator' && raw[1] === 'v1' && raw[2] === 'projects') {
    const [, , , p, dbs, d, docs, ...more] = raw;
    if (p !== undefined && /:securityRules$/.test(p) && dbs === undefined) {
      return expectMethod(method, 'PUT', pathname, { kind: 'securityRules' });
    }
    if (dbs === 'databases' && d !== undefined && docs === 'documents' && more.length === 0) {
      return expectMethod(method, 'DELETE', pathname, {
        kind: 'clear',
        db: { project: decode(p), database: decode(d) },
      });
    }
  }
  throw notFound(method, pathname);
}

function firestoreRoute(
  method: string,
  pathname: string,
  project: string,
  database: string,
  documents: string,
  rest: string[],
): Route {
  const db = { project, database };
  const last = rest.length > 0 ? rest[rest.length - 1] : documents;
  const colon = last.lastIndexOf(':');
  const verb = colon === -1 ? null : last.slice(colon + 1);
  const lastSegment = colon === -1 ? last : last.slice(0, colon);
  if ((rest.length === 0 ? lastSegment : documents) !== 'documents')
    throw notFound(method, pathname);
  const parentSegments = rest.length === 0 ? [] : [...rest.slice(0, -1), lastSegment].map(decode);
  if (verb === null) {
    const path = parentSegments.join('/');
    // documents.get: how the app reads one post (a permalink) without the SDK.
    if (method === 'GET' && parentSegments.length % 2 === 0 && path !== '') {
      validateDocumentPath(path, 'name');
      return { kind: 'getDocument', db, path };
    }
    // documents.patch / delete / list: real REST methods, but neither the app nor the Lite SDK uses them.
    throw unimplemented(
      `${method} on individual document and collection URLs (use GET on a document, :batchGet, :runQuery and :commit)`,
    );
  }
  if (Object.hasOwn(UNSUPPORTED_VERBS, verb)) throw unimplemented(UNSUPPORTED_VERBS[verb]);
  if (verb === 'runQuery' || verb === 'runAggregationQuery') {
    const parent = parentSegments.join('/');
    if (parent !== '') validateDocumentPath(parent, 'parent');
    return expectMethod(method, 'POST', pathname, { kind: verb, db, parent });
  }
  if ((verb === 'commit' || verb === 'batchGet') && parentSegments.length === 0) {
    return expectMethod(method, 'POST', pathname, { kind: verb, db });
  }
  throw notFound(method, pathname);
}

function expectMethod(method: string, expected: string, pathname: string, result: Route): Route {
  if (method !== expected) {
    throw new ApiError('NOT_FOUND', `${method} is not supported on ${pathname}; use ${expected}.`);
  }
  return result;
}

function decode(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw invalidArgument(`The URL path segment "${segment}" is not valid percent-encoding.`);
  }
}

function notFound(method: string, pathname: string): ApiError {
  return new ApiError(
    'NOT_FOUND',
    `Unknown path: ${method} ${pathname}. This emulator serves POST /v1/projects/{project}/databases/{database}/documents:runQuery, :runAggregationQuery, :commit and :batchGet, and GET on a document's URL.`,
  );
}
