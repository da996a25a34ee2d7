/**
 * Compile-time scopes: what names a piece of rules source can see. A match block sees its path
 * variables and functions and those of enclosing blocks; a function body sees its parameters and
 * earlier `let`s, then the scopes around its declaration. runtime.ts mirrors this chain.
 */
import type { FunctionDecl } from './ast';
import type { Compiled } from './runtime';

export interface CompileScope {
  readonly vars: Set<string>;
  readonly functions: Map<string, FunctionInfo>;
  readonly parent: CompileScope | null;
  readonly isBlock: boolean;
  readonly depth: number;
}

export interface FunctionInfo {
  readonly decl: FunctionDecl;
  /** Depth of the declaring block. */
  readonly depth: number;
  lets: { name: string; value: Compiled }[];
  body: Compiled;
}

/** Variables every rule can read. */
export const GLOBALS = new Set(['request', 'resource']);

export function isVariable(name: string, scope: CompileScope): boolean {
  for (let s: CompileScope | null = scope; s; s = s.parent) if (s.vars.has(name)) return true;
  return GLOBALS.has(name);
}

/** The user function `name` as seen from `scope`, innermost declaration first. */
export function findFunction(name: string, scope: CompileScope): FunctionInfo | undefined {
  for (let s: CompileScope | null = scope; s; s = s.parent) {
    const info = s.functions.get(name);
    if (info) return info;
  }
  return undefined;
}
