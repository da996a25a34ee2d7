/**
 * Checks on untrusted request JSON, with errors worded like Google's JSON payload parser. Messages
 * are built only on failure: describing a large valid value on every call would dominate latency.
 */
import { invalidArgument } from './errors';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Requires a JSON object at `where` and rejects unknown keys, as Google's APIs do. */
export function expectObject(
  value: unknown,
  where: string,
  allowed: readonly string[],
): JsonObject {
  if (!isObject(value)) {
    throw invalidArgument(`Invalid JSON payload received. Expected an object at '${where}'.`);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const at = where ? ` at '${where}'` : '';
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}"${at}: Cannot find field.`,
      );
    }
  }
  return value;
}

export function expectArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) {
    throw invalidArgument(`Invalid value at '${where}': expected a list, got ${describe(value)}.`);
  }
  return value;
}

export function expectString(value: unknown, where: string): string {
  if (typeof value !== 'string') {
    throw invalidArgument(
      `Invalid value at '${where}': expected a string, got ${describe(value)}.`,
    );
  }
  return value;
}

export function expectBoolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') {
    throw invalidArgument(
      `Invalid value at '${where}': expected a boolean, got ${describe(value)}.`,
    );
  }
  return value;
}

/** int32 in proto3 JSON: a number or a decimal string. */
export function expectInt32(value: unknown, where: string): number {
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (!(
    typeof parsed === 'number' &&
    Number.isInteger(parsed) &&
    Math.abs(parsed) <= 2 ** 31 - 1
  )) {
    throw invalidArgument(`Invalid value at '${where}' (TYPE_INT32): ${describe(value)}.`);
  }
  return parsed;
}

export function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Nesting allowed in a request body: far above what any valid request needs (values stop at 20 levels). */
export const MAX_JSON_DEPTH = 100;

/**
 * Refuses JSON nested deeper than `limit` without recursing, so later recursive code (parsers,
 * the rules' conversions, error messages) can never overflow the stack.
 */
export function assertJsonDepth(value: unknown, limit: number, what: string): void {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() ?? [null, 0];
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) {
      throw invalidArgument(
        `Invalid JSON payload received. ${what} is nested more than ${limit} levels deep.`,
      );
    }
    for (const inner of Object.values(item)) {
      if (typeof inner === 'object' && inner !== null) pending.push([inner, depth + 1]);
    }
  }
}
