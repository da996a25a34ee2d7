/**
 * Rules regexes are RE2 (https://github.com/google/re2/wiki/Syntax). They run here as JavaScript
 * RegExps after a small translation; RE2 features JavaScript lacks, and JavaScript features RE2
 * rejects (backreferences, lookaround), are reported instead of being silently reinterpreted.
 */
import { RError } from '../values';

const UNSUPPORTED: [RegExp, string][] = [
  [/\\[1-9]/, 'backreferences are not RE2'],
  [/\\k</, 'named backreferences are not RE2'],
  [/\(\?<?[=!]/, 'lookaround is not RE2'],
  [/\[\[:[a-z]+:\]/, 'POSIX classes like [[:alpha:]] are not supported here'],
  [/\\Q|\\E/, '\\Q…\\E quoting is not supported here'],
  [/\\[pP][A-Za-z]/, 'one-letter Unicode classes (\\pL) are not supported here; use \\p{L}'],
  [/\\[CZ]/, '\\C and \\Z are not supported'],
  [/(?<!\\)[*+?}]\+/, 'possessive quantifiers are not RE2'],
];

const cache = new Map<string, RegExp | RError>();

/** Why `pattern` cannot run, or null. Used at compile time for literal patterns. */
export function regexProblem(pattern: string): string | null {
  const compiled = compileRegex(pattern, false);
  return compiled instanceof RError ? compiled.message : null;
}

/**
 * A RegExp for `pattern`. With `whole`, it must match the whole string, as `string.matches`
 * documents ("performs a full string match"); otherwise it is global for split/replace.
 */
export function compileRegex(pattern: string, whole: boolean): RegExp | RError {
  const key = `${whole ? 'w' : 'g'}${pattern}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = build(pattern, whole);
    cache.set(key, compiled);
  }
  return compiled;
}

function build(pattern: string, whole: boolean): RegExp | RError {
  for (const [test, why] of UNSUPPORTED) {
    if (test.test(pattern)) return new RError(`Invalid regular expression '${pattern}': ${why}.`);
  }
  let source = pattern;
  let flags = whole ? '' : 'g';
  // RE2 allows leading flag groups like (?i); JavaScript takes flags separately.
  const leading = /^\(\?([a-zA-Z]+)\)/.exec(source);
  if (leading) {
    if (!/^[is]+$/.test(leading[1])) {
      return new RError(
        `Invalid regular expression '${pattern}': flags (?${leading[1]}) are not supported.`,
      );
    }
    flags += leading[1];
    source = source.slice(leading[0].length);
  }
  if (/\(\?[a-zA-Z]*[:)]/.test(source.replace(/\(\?P?</g, ''))) {
    return new RError(
      `Invalid regular expression '${pattern}': inline flags are only supported at the start.`,
    );
  }
  source = source
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$');
  if (whole) source = `^(?:${source})$`;
  // RE2 matches code points, so try Unicode mode first; some escapes are only valid without it.
  for (const unicode of ['u', '']) {
    try {
      return new RegExp(source, flags + unicode);
    } catch {
      // try the next mode
    }
  }
  return new RError(`Invalid regular expression '${pattern}'.`);
}
