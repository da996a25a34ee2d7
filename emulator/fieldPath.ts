/**
 * Field paths as the REST API writes them: segments joined by '.', and any segment that is not a
 * simple identifier quoted in backticks (with '\' escaping '`' and '\'), e.g. a.`b.c`.`d\`e`.
 */
import { invalidArgument, type ApiError } from './errors';
import type { Fields, Value } from './model';

export type FieldPath = readonly string[];

export const NAME_FIELD = '__name__';
const SIMPLE = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

export function parseFieldPath(text: string, where: string): FieldPath {
  const segments: string[] = [];
  let i = 0;
  const fail = (why: string) =>
    invalidArgument(`Invalid field path '${text}' at '${where}': ${why}.`);
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

/** matches Firestore: "Field names matching the regular expression __.*__ are reserved." */
export function isReservedFieldName(name: string): boolean {
  return name.length >= 4 && name.startsWith('__') && name.endsWith('__');
}

export function reservedFieldName(name: string, where: string): ApiError {
  return invalidArgument(
    `Invalid field name "${name}" at '${where}': field names matching __.*__ are reserved.`,
  );
}

/** For paths a write sets or deletes (masks, transforms): reserved names cannot be written. */
export function assertWritablePath(path: FieldPath, where: string): FieldPath {
  const reserved = path.find(isReservedFieldName);
  if (reserved !== undefined) throw reservedFieldName(reserved, where);
  return path;
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

/** Own properties only, so a field named `constructor` or `toString` is an ordinary (missing) name. */
export function ownField(fields: Fields | undefined, name: string): Value | undefined {
  return fields !== undefined && Object.hasOwn(fields, name) ? fields[name] : undefined;
}

export function getField(fields: Fields, path: FieldPath): Value | undefined {
  let current: Value | undefined = ownField(fields, path[0]);
  for (let i = 1; i < path.length; i++) {
    if (current === undefined || !('mapValue' in current)) return undefined;
    current = ownField(current.mapValue.fields, path[i]);
  }
  return current;
}

/** Returns new Fields with the value set; maps along the path are copied, never mutated. */
export function setField(fields: Fields, path: FieldPath, value: Value): Fields {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...fields, [head]: value };
  const existing = ownField(fields, head);
  const inner =
    existing !== undefined && 'mapValue' in existing ? (existing.mapValue.fields ?? {}) : {};
  return { ...fields, [head]: { mapValue: { fields: setField(inner, rest, value) } } };
}

/** Returns new Fields without the value; a missing path leaves the fields unchanged. */
export function deleteField(fields: Fields, path: FieldPath): Fields {
  const [head, ...rest] = path;
  const existing = ownField(fields, head);
  if (existing === undefined) return fields;
  if (rest.length === 0) {
    const copy = { ...fields };
    delete copy[head];
    return copy;
  }
  if (!('mapValue' in existing)) return fields;
  const inner = deleteField(existing.mapValue.fields ?? {}, rest);
  return { ...fields, [head]: { mapValue: { fields: inner } } };
}

/** Keeps only the given paths (a projection, as `select` and `mask` do). */
export function projectFields(fields: Fields, paths: readonly FieldPath[]): Fields {
  let result: Fields = {};
  for (const path of paths) {
    const value = getField(fields, path);
    if (value !== undefined) result = setField(result, path, value);
  }
  return result;
}
