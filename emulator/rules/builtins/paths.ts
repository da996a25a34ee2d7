/**
 * rules.Path (https://firebase.google.com/docs/reference/rules/rules.Path): path literals,
 * `path(string)`, indexing, and the document paths that get()/exists() read.
 */
import { RError, RPath, type Result, type RValue } from '../values';
import { invalidArgument, type NamedFunction } from './types';

/** Builds a path from literal and interpolated segments; `$(x)` accepts a string or a path. */
export function buildPath(parts: readonly (string | RValue)[]): Result {
  const segments: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') segments.push(...part.split('/').filter((s) => s !== ''));
    else if (part instanceof RPath) segments.push(...part.segments);
    else if (typeof part === 'bigint') segments.push(part.toString());
    else return invalidArgument('path', part);
  }
  return new RPath(segments);
}

export const PATH_FUNCTIONS: Record<string, NamedFunction> = {
  path: {
    arity: [1],
    call: ([text]) =>
      typeof text === 'string' ? buildPath([text]) : invalidArgument('path', text),
  },
};

export function indexPath(path: RPath, index: RValue): Result {
  if (typeof index !== 'bigint') return invalidArgument('[]', index);
  const segment = path.segments[Number(index)];
  return segment === undefined
    ? new RError(`Index ${index} out of range for path ${path}.`)
    : segment;
}

/**
 * The document a get()/exists() path names, relative to `.../documents` ('posts/abc').
 * The path must be absolute: /databases/{database}/documents/{collection}/{id}...
 */
export function documentPath(path: RValue, database: string): string | RError {
  if (!(path instanceof RPath)) return invalidArgument('get', path);
  const [first, db, documents, ...rest] = path.segments;
  if (
    first !== 'databases' ||
    documents !== 'documents' ||
    (db !== database && db !== '(default)')
  ) {
    return new RError(`Path ${path} is not a document path in /databases/${database}/documents.`);
  }
  if (rest.length === 0 || rest.length % 2 !== 0) {
    return new RError(`Path ${path} does not name a document.`);
  }
  return rest.join('/');
}
