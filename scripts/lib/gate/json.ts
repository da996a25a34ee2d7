/** Checks on the index file's JSON, worded like Google's JSON payload parser. */
import { assertArgument } from './errors';

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
  assertArgument(
    isObject(value),
    `Invalid JSON payload received. Expected an object at '${where}'.`,
  );
  for (const key of Object.keys(value)) {
    const at = where ? ` at '${where}'` : '';
    assertArgument(
      allowed.includes(key),
      `Invalid JSON payload received. Unknown name "${key}"${at}: Cannot find field.`,
    );
  }
  return value;
}

export function expectArray(value: unknown, where: string): unknown[] {
  assertArgument(
    Array.isArray(value),
    `Invalid value at '${where}': expected a list, got ${describe(value)}.`,
  );
  return value;
}

export function expectString(value: unknown, where: string): string {
  assertArgument(
    typeof value === 'string',
    `Invalid value at '${where}': expected a string, got ${describe(value)}.`,
  );
  return value;
}

export function expectBoolean(value: unknown, where: string): boolean {
  assertArgument(
    typeof value === 'boolean',
    `Invalid value at '${where}': expected a boolean, got ${describe(value)}.`,
  );
  return value;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
