/**
 * What a compiled expression runs against: the per-request context (request, documents, limits)
 * and a chain of activations (scopes). Blocks bind path variables (`{postId}`), functions bind
 * parameters and `let`s; a function's activation hangs off the block that declared it, so the
 * chain at run time mirrors the lexical nesting that compile.ts resolved names against.
 */
import type { Document } from '../model';
import type { RulesDataAccess, RulesRequest } from './validator';
import { RError, type Result, type RValue } from './values';

/** Documented limits (https://firebase.google.com/docs/firestore/security/rules-structure#limits). */
export const LIMITS = {
  /** "Maximum call depth for functions: 20" */
  callDepth: 20,
  /** "Maximum number of expressions evaluated per request: 1,000" (here: calls and operators). */
  steps: 1000,
  /**
   * "Maximum number of calls to access documents: 10 for single-document requests and query
   * requests; 20 for multi-document reads, transactions, and batched writes. The previous limit
   * of 10 also applies to each operation." Cached (repeated) accesses do not count.
   */
  documentAccesses: { perEvaluation: 10, singleDocumentRequest: 10, multiDocumentRequest: 20 },
} as const;

export class Activation {
  constructor(
    readonly vars: Map<string, Result>,
    readonly parent: Activation | null,
    /** For blocks: nesting depth (service = 0). For functions: the declaring block's depth. */
    readonly depth: number,
    readonly isBlock: boolean,
  ) {}
}

/** Walks `hops` scopes outwards; compile.ts computed `hops` from the lexical nesting. */
export function lookup(start: Activation, hops: number, name: string): Result {
  let scope = start;
  for (let i = 0; i < hops; i += 1) scope = scope.parent ?? scope;
  const value = scope.vars.get(name);
  return value === undefined ? new RError(`Variable ${name} is not bound.`) : value;
}

/** The activation of the block at `depth` on this chain (where a called function was declared). */
export function blockAt(start: Activation, depth: number): Activation {
  let scope = start;
  while (!(scope.isBlock && scope.depth === depth) && scope.parent) scope = scope.parent;
  return scope;
}

export interface EvalContext {
  readonly request: RulesRequest;
  readonly data: RulesDataAccess;
  /** `request`, built once per evaluation (its document fields convert lazily). */
  readonly requestValue: RValue;
  /** `resource`: the stored document, null when missing, an error for list requests. */
  readonly resourceValue: Result;
  steps: number;
  callDepth: number;
  /** This evaluation's get()/exists() results by 'get:path' / 'getAfter:path'. */
  readonly documents: Map<string, RValue>;
  /** The request's document reads, shared by all of its evaluations (RulesDataAccess.reads). */
  readonly reads: Map<string, Document | null>;
  /** Documents this evaluation read that no earlier evaluation of the request had read. */
  newReads: number;
  /**
   * Set when a limit that fails the whole request is exceeded (document accesses): unlike other
   * errors, `||` cannot absorb it. Firestore: "Exceeding either limit results in a permission
   * denied error."
   */
  fatal: RError | null;
}

export interface Frame {
  readonly ctx: EvalContext;
  readonly scope: Activation;
}

export type Compiled = (frame: Frame) => Result;

/** Counts one step; an error once the request has used up its budget. */
export function step(ctx: EvalContext): RError | null {
  ctx.steps += 1;
  return ctx.steps > LIMITS.steps
    ? new RError(`Maximum number of expressions (${LIMITS.steps}) exceeded.`)
    : null;
}

/** Evaluates `items` left to right; the first error is the result. */
export function collect(items: Compiled[], f: Frame, done: (values: RValue[]) => Result): Result {
  const values: RValue[] = [];
  for (const item of items) {
    const value = item(f);
    if (value instanceof RError) return value;
    values.push(value);
  }
  return done(values);
}
