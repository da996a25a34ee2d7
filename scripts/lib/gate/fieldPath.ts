/**
 * Field paths as the REST API and the index file write them: segments joined by '.', and any
 * segment that is not a simple identifier quoted in backticks (with '\' escaping '`' and '\').
 */
import { ApiError } from './errors';

export type FieldPath = readonly string[];

export const NAME_FIELD = '__name__';
const SIMPLE = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

export function parseFieldPath(text: string, where: string): FieldPath {
  const segments: string[] = [];
  let i = 0;
  const fail = (why: string) =>
    new ApiError('INVALID_ARGUMENT', `Invalid field path '${text}' at '${where}': ${why}.`);
  if (text === '') throw fail('it is empty');
  while (i <= text.length) {
    let segment = '';
    if (text[i] === '`') {
      i++;
      while (i < text.length && text[i] !== '`') {
        if (text[i] === '\\') i++;
        if (i >= text.length) throw fail('unterminated escape');
        segment += text[i++];
      }
      if (text[i] !== '`') throw fail('unterminated backtick');
      i++;
    } else {
      while (i < text.length && text[i] !== '.') segment += text[i++];
      if (!SIMPLE.test(segment)) throw fail(`segment "${segment}" must be quoted in backticks`);
    }
    if (segment === '') throw fail('empty segment');
    segments.push(segment);
    if (i === text.length) break;
    if (text[i] !== '.') throw fail(`unexpected "${text[i]}" after a quoted segment`);
    i++;
    if (i === text.length) throw fail('it ends with "."');
  }
  return segments;
}

export function canonicalFieldPath(path: FieldPath): string {
  return path
    .map((segment) =>
      SIMPLE.test(segment) ? segment : `\`${segment.replace(/[\\`]/g, (c) => `\\${c}`)}\``,
    )
    .join('.');
}

export function isNameField(path: FieldPath): boolean {
  return path.length === 1 && path[0] === NAME_FIELD;
}

export function samePath(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}
