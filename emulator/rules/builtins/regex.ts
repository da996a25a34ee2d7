/**
 * Rules regexes are RE2 (https://github.com/google/re2/wiki/Syntax), as on the hosted service,
 * run by re2js (a port of Google's RE2J), never by JavaScript's RegExp: the two differ in ways a
 * rule notices (RE2's `\S`, `\s`, `\w` and `\b` are ASCII-only, so `\S` matches a no-break space
 * or U+2028; JavaScript accepts backreferences and lookaround, RE2 rejects them).
 */
import { RE2JS, RE2JSException } from 're2js';
import { RError } from '../values';

const cache = new Map<string, RE2JS | RError>();

/** Why `pattern` is not RE2, or null. Used at compile time for literal patterns. */
export function regexProblem(pattern: string): string | null {
  const compiled = compileRegex(pattern);
  return compiled instanceof RError ? compiled.message : null;
}

/** The compiled pattern, or an error naming what RE2 rejects in it. Compiled once per pattern. */
export function compileRegex(pattern: string): RE2JS | RError {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = build(pattern);
    cache.set(pattern, compiled);
  }
  return compiled;
}

function build(pattern: string): RE2JS | RError {
  try {
    // No flags: re2js's optional lookbehinds stay off, as RE2 has none.
    return RE2JS.compile(pattern);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    return new RError(`Invalid regular expression '${pattern}': ${error.message}.`);
  }
}
