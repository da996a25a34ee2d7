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
  /** request.time to the microsecond, when known: a commit's time, which REQUEST_TIME also stores. */
  timeMicros?: number;
  /** The stored document before the commit, or null (always null for list). */
  resource: Document | null;
  /** The document as it would be after this write, transforms applied; null for reads and deletes. */
  requestResource: Document | null;
  /** Only for list. */
  query: RulesQuery | null;
}

/** Documents as rules functions see them. Paths are relative to `.../documents`, e.g. 'posts/abc'. */
export interface RulesDataAccess {
  /** State before the commit (get(), exists()). */
  get(path: string): Document | null;
  /** State after the whole commit (getAfter(), existsAfter()); same as get() for reads. */
  getAfter(path: string): Document | null;
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
