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

/**
 * RE2 (production) builds `\p{C}` from UnicodeData.txt, which lists no unassigned code point;
 * re2js's `\p{C}` also matches unassigned ones (U+2065, U+FFF0), so a rule using it would refuse
 * here what production accepts. Such a pattern is refused at load instead; name the classes meant
 * (`\p{Cc}`, `\p{Cf}`...) or write a positive class.
 */
const OTHER_CLASS = /^\\[pP](?:C|\{\^?C\})/;

function usesOtherClass(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] !== '\\') continue;
    if (OTHER_CLASS.test(pattern.slice(i))) return true;
    i += 1; // the escaped character, so `\\pC` (a backslash, then "pC") is no class
  }
  return false;
}

function build(pattern: string): RE2JS | RError {
  if (usesOtherClass(pattern)) {
    return new RError(
      `Invalid regular expression '${pattern}': \\p{C} includes unassigned code points in this emulator (re2js) but not in production's RE2; name the classes meant or use a positive class.`,
    );
  }
  try {
    // No flags: re2js's optional lookbehinds stay off, as RE2 has none.
    return RE2JS.compile(pattern);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    return new RError(`Invalid regular expression '${pattern}': ${error.message}.`);
  }
}
