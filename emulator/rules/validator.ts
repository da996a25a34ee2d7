import type { Document } from '../model';

/**
 * The contract between the store and the rules interpreter. The store describes each request;
 * the interpreter answers allow or deny. The store never parses rules.
 */
export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface RulesAuth {
  uid: string;
  /** The decoded ID-token claims (email, email_verified, firebase.sign_in_provider, ...). */
  token: Record<string, unknown>;
}

export interface RulesQuery {
  limit: number | null;
  offset: number | null;
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
}

export interface RulesRequest {
  method: RulesMethod;
  /** e.g. '(default)' */
  database: string;
  /**
   * Path relative to `.../documents`. For get/create/update/delete the document path
   * ('posts/abc'); for list the collection path ('posts').
   */
  path: string;
  /**
   * A list over a collection group: every collection named like the last segment of `path`, at
   * any depth below the rest of it. Only `{name=**}` wildcards can match the unknown depth.
   */
  collectionGroup?: boolean;
  auth: RulesAuth | null;
  /** request.time */
  time: Date;
  /**
   * request.time to the microsecond, when the store has it (a commit): a server timestamp the
   * request writes then equals request.time exactly, as in Firestore. Absent: `time`.
   */
  timeMicros?: number;
  /** The stored document before the commit, or null (always null for list). */
  resource: Document | null;
  /** The document as it would be after this write, transforms applied; null for reads and deletes. */
  requestResource: Document | null;
  /** Only for list. */
  query: RulesQuery | null;
}

/**
 * Documents as rules functions see them, for one request: every evaluation of that request (one
 * per write of a commit, one per document of a batchGet) gets the same object. Paths are relative
 * to `.../documents`, e.g. 'posts/abc'.
 */
export interface RulesDataAccess {
  /** State before the commit (get(), exists()). */
  get(path: string): Document | null;
  /** State after the whole commit (getAfter(), existsAfter()); same as get() for reads. */
  getAfter(path: string): Document | null;
  /**
   * How many documents the request reads or writes (1 for a query). It sets the documented limit
   * on document accesses for the whole request: 10 for one document or a query, 20 for more.
   * Absent: 1.
   */
  readonly documents?: number;
  /**
   * The documents read so far in this request, by the interpreter, which fills it: a document
   * read again (by the same or a later evaluation) is answered from here and not counted again.
   * Absent: each evaluation is a request of its own.
   */
  readonly reads?: Map<string, Document | null>;
}

export interface RulesDecision {
  allowed: boolean;
  /**
   * Why, in the official emulator's words, e.g. "false for 'update' @ L12" or
   * "No matching allow statements". The store prefixes the method and document path.
   */
  reason: string;
}

export interface RulesValidator {
  evaluate(request: RulesRequest, data: RulesDataAccess): RulesDecision;
}

/** A rules file that does not parse, or uses something the interpreter does not support. */
export class RulesSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'RulesSyntaxError';
  }
}
