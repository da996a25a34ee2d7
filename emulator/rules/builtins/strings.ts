/** Methods of rules.String (https://firebase.google.com/docs/reference/rules/rules.String). */
import type { RE2JS } from 're2js';
import { RBytes, RError, type Result, type RValue } from '../values';
import { compileRegex } from './regex';
import { invalidArgument, type Method } from './types';

/** Characters, counted as code points: a surrogate pair is one character. */
export function codePointCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) count -= 1;
    }
  }
  return count;
}

function stringMethod(
  arity: number,
  call: (self: string, args: readonly RValue[]) => Result,
): Method {
  return { arity: [arity], call: (self, args) => call(self as string, args) }; // dispatched by type
}

function regexArgument(name: string, value: RValue): RE2JS | RError {
  if (typeof value !== 'string') return invalidArgument(name, value);
  return compileRegex(value);
}

export const STRING_METHODS: Record<string, Method> = {
  size: stringMethod(0, (self) => BigInt(codePointCount(self))),
  lower: stringMethod(0, (self) => self.toLowerCase()),
  upper: stringMethod(0, (self) => self.toUpperCase()),
  trim: stringMethod(0, (self) => self.trim()),
  // "Performs a regular expression match on the whole string" (rules.String.matches).
  matches: stringMethod(1, (self, [pattern]) => {
    const regex = regexArgument('matches', pattern);
    return regex instanceof RError ? regex : regex.matches(self);
  }),
  // A negative limit keeps trailing empty strings ('a,'.split(',') == ['a', '']).
  split: stringMethod(1, (self, [pattern]) => {
    const regex = regexArgument('split', pattern);
    return regex instanceof RError ? regex : regex.split(self, -1);
  }),
  replace: stringMethod(2, (self, [pattern, replacement]) => {
    const regex = regexArgument('replace', pattern);
    if (regex instanceof RError) return regex;
    if (typeof replacement !== 'string') return invalidArgument('replace', replacement);
    // The replacement is literal text: `$&`-style group references must not apply.
    return regex.matcher(self).replaceAll(() => replacement);
  }),
  toUtf8: stringMethod(0, (self) => new RBytes(new Uint8Array(Buffer.from(self, 'utf8')))),
};
