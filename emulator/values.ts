/**
 * Firestore values: validation of incoming JSON into one canonical stored form (the cross-type
 * ordering lives in valueOrder.ts, storage sizes in docSize.ts). Stored (canonical) values use:
 * integerValue as a decimal string, doubleValue as a number or 'NaN' / 'Infinity' / '-Infinity' /
 * '-0' (JSON has no negative zero, so a number -0 would be read back as 0),
 * timestampValue Z-normalized at microsecond precision, bytesValue as standard base64.
 */
import { invalidArgument } from './errors';
import { describe, isObject } from './json';
import { isReservedFieldName, reservedFieldName } from './fieldPath';
import { formatTimestamp, parseTimestamp } from './time';
import type { Fields, Value } from './model';

export const MAX_DEPTH = 20; // matches Firestore: "Maximum depth of fields in a map or array: 20"
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const REFERENCE = /^projects\/[^/]+\/databases\/[^/]+\/documents\/[^/]+\/[^/]+(\/[^/]+\/[^/]+)*$/;

/** Validates and normalizes a request value; errors name the field (`where`). */
export function parseValue(raw: unknown, where: string, depth = 1): Value {
  if (!isObject(raw)) throw invalidValue(where, 'expected a Value object', raw);
  const keys = Object.keys(raw);
  if (keys.length !== 1) {
    throw invalidValue(where, 'a Value must have exactly one of nullValue, booleanValue, ...', raw);
  }
  const kind = keys[0];
  const inner = raw[kind];
  switch (kind) {
    case 'nullValue':
      if (inner !== null && inner !== 'NULL_VALUE') throw invalidValue(where, 'TYPE_ENUM', inner);
      return { nullValue: null };
    case 'booleanValue':
      if (typeof inner !== 'boolean') throw invalidValue(where, 'TYPE_BOOL', inner);
      return { booleanValue: inner };
    case 'integerValue':
      return { integerValue: parseInt64(inner, where) };
    case 'doubleValue':
      return { doubleValue: parseDouble(inner, where) };
    case 'timestampValue':
      if (typeof inner !== 'string') throw invalidValue(where, 'TYPE_TIMESTAMP', inner);
      return { timestampValue: formatTimestamp(parseTimestamp(inner, where)) };
    case 'stringValue':
      if (typeof inner !== 'string') throw invalidValue(where, 'TYPE_STRING', inner);
      return { stringValue: inner };
    case 'bytesValue':
      return { bytesValue: parseBytes(inner, where) };
    case 'referenceValue':
      if (typeof inner !== 'string' || !REFERENCE.test(inner)) {
        throw invalidValue(where, 'expected projects/{p}/databases/{d}/documents/{path}', inner);
      }
      return { referenceValue: inner };
    case 'geoPointValue':
      return { geoPointValue: parseGeoPoint(inner, where) };
    case 'arrayValue':
      return { arrayValue: parseArray(inner, where, depth) };
    case 'mapValue':
      return { mapValue: { fields: parseFields(mapFields(inner, where), where, depth + 1) } };
    default:
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${kind}" at '${where}': Cannot find field.`,
      );
  }
}

export function parseFields(raw: unknown, where: string, depth = 1): Fields {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw invalidValue(where, 'expected a map of fields', raw);
  if (depth > MAX_DEPTH) {
    throw invalidArgument(`Value at '${where}' is nested more than ${MAX_DEPTH} levels deep.`);
  }
  const fields: Fields = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === '') throw invalidArgument(`Field name at '${where}' must not be empty.`);
    assertFieldName(name, value, where);
    fields[name] = parseValue(value, where ? `${where}.${name}` : name, depth);
  }
  return fields;
}

/**
 * Refuses reserved names (which also keeps `__proto__` from ever becoming a stored key). The one
 * exception is how the SDKs encode a vector: a map with `__type__: "__vector__"`.
 */
function assertFieldName(name: string, raw: unknown, where: string): void {
  const vectorMarker = name === '__type__' && isObject(raw) && raw.stringValue === '__vector__';
  if (isReservedFieldName(name) && !vectorMarker) throw reservedFieldName(name, where || 'fields');
}

function mapFields(inner: unknown, where: string): unknown {
  if (!isObject(inner)) throw invalidValue(where, 'mapValue must be an object', inner);
  for (const key of Object.keys(inner)) {
    if (key !== 'fields') throw invalidValue(where, `unknown mapValue member "${key}"`, inner);
  }
  return inner.fields;
}

function parseArray(inner: unknown, where: string, depth: number): { values?: Value[] } {
  if (!isObject(inner)) throw invalidValue(where, 'arrayValue must be an object', inner);
  for (const key of Object.keys(inner)) {
    if (key !== 'values') throw invalidValue(where, `unknown arrayValue member "${key}"`, inner);
  }
  if (inner.values === undefined) return {};
  if (!Array.isArray(inner.values))
    throw invalidValue(where, 'arrayValue.values must be a list', inner);
  if (depth + 1 > MAX_DEPTH) {
    throw invalidArgument(`Value at '${where}' is nested more than ${MAX_DEPTH} levels deep.`);
  }
  const values = inner.values.map((item, index) => {
    const value = parseValue(item, `${where}[${index}]`, depth + 1);
    // matches Firestore: an array cannot directly contain another array.
    if ('arrayValue' in value) {
      throw invalidArgument(
        `Invalid value at '${where}[${index}]': an array cannot contain another array.`,
      );
    }
    return value;
  });
  return values.length === 0 ? {} : { values };
}

function parseInt64(inner: unknown, where: string): string {
  let big: bigint | null = null;
  if (typeof inner === 'number' && Number.isInteger(inner)) big = BigInt(inner);
  if (typeof inner === 'string' && /^-?\d{1,19}$/.test(inner)) big = BigInt(inner);
  if (big === null || big < INT64_MIN || big > INT64_MAX)
    throw invalidValue(where, 'TYPE_INT64', inner);
  return big.toString();
}

function parseDouble(inner: unknown, where: string): number | string {
  if (inner === 'NaN' || inner === 'Infinity' || inner === '-Infinity' || inner === '-0')
    return inner;
  const number = typeof inner === 'string' && inner.trim() !== '' ? Number(inner) : inner;
  if (typeof number !== 'number' || Number.isNaN(number))
    throw invalidValue(where, 'TYPE_DOUBLE', inner);
  return canonicalDouble(number);
}

/** The stored form of a double: NaN, ±Infinity and -0 as strings, everything else as a number. */
export function canonicalDouble(number: number): number | string {
  if (Number.isNaN(number)) return 'NaN';
  if (!Number.isFinite(number)) return number > 0 ? 'Infinity' : '-Infinity';
  return Object.is(number, -0) ? '-0' : number;
}

function parseBytes(inner: unknown, where: string): string {
  if (typeof inner !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(inner)) {
    throw invalidValue(where, 'TYPE_BYTES (base64)', inner);
  }
  return Buffer.from(inner, 'base64').toString('base64');
}

function parseGeoPoint(inner: unknown, where: string): { latitude: number; longitude: number } {
  if (!isObject(inner)) throw invalidValue(where, 'geoPointValue must be an object', inner);
  const latitude = inner.latitude ?? 0;
  const longitude = inner.longitude ?? 0;
  const extra = Object.keys(inner).find((key) => key !== 'latitude' && key !== 'longitude');
  if (extra !== undefined)
    throw invalidValue(where, `unknown geoPointValue member "${extra}"`, inner);
  if (typeof latitude !== 'number' || !(latitude >= -90 && latitude <= 90)) {
    throw invalidValue(where, 'latitude must be a number in [-90, 90]', latitude);
  }
  if (typeof longitude !== 'number' || !(longitude >= -180 && longitude <= 180)) {
    throw invalidValue(where, 'longitude must be a number in [-180, 180]', longitude);
  }
  return { latitude, longitude };
}

function invalidValue(where: string, expected: string, got: unknown) {
  return invalidArgument(`Invalid value at '${where}' (${expected}): ${describe(got)}`);
}
