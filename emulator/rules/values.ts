/**
 * Runtime values of the rules language, and conversion from Firestore's REST JSON encoding.
 * int is a bigint and float a number, so the two stay distinct as in the rules language
 * (`1 is int`, `1.0 is float`) while comparing equal (`1 == 1.0`). Maps convert their fields
 * lazily: a rule that reads two fields of a document converts two fields, not the document.
 */
import type { Fields, Value } from '../model';

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** Nanoseconds since the Unix epoch. */
export class RTimestamp {
  constructor(readonly nanos: bigint) {}
  static fromMillis(millis: number): RTimestamp {
    return new RTimestamp(BigInt(Math.trunc(millis)) * 1_000_000n);
  }
  millis(): bigint {
    return floorDiv(this.nanos, 1_000_000n);
  }
  date(): Date {
    return new Date(Number(this.millis()));
  }
}

/** A signed length of time in nanoseconds. */
export class RDuration {
  constructor(readonly nanos: bigint) {}
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

/** A path such as /databases/(default)/documents/posts/abc, kept as its segments. */
export class RPath {
  constructor(readonly segments: readonly string[]) {}
  toString(): string {
    return `/${this.segments.join('/')}`;
  }
}

export type RList = readonly RValue[];

/** A map whose values are produced on first access (from REST fields or from thunks). */
export class RMap {
  private readonly cache = new Map<string, RValue>();

  private constructor(
    private readonly keyList: () => readonly string[],
    private readonly load: (key: string) => RValue | undefined,
  ) {}

  static fromFields(fields: Fields): RMap {
    return new RMap(
      () => Object.keys(fields),
      (key) => (Object.hasOwn(fields, key) ? fromValue(fields[key]) : undefined),
    );
  }

  static fromEntries(entries: Map<string, RValue>): RMap {
    return new RMap(
      () => [...entries.keys()],
      (key) => entries.get(key),
    );
  }

  /** Values computed only when a rule reads them (e.g. request.resource). */
  static lazy(getters: Record<string, () => RValue>): RMap {
    return new RMap(
      () => Object.keys(getters),
      (key) => (Object.hasOwn(getters, key) ? getters[key]() : undefined),
    );
  }

  get(key: string): RValue | undefined {
    const cached = this.cache.get(key);
    if (cached !== undefined || this.cache.has(key)) return cached;
    const value = this.load(key);
    if (value !== undefined) this.cache.set(key, value);
    return value;
  }

  keys(): readonly string[] {
    return this.keyList();
  }

  get size(): number {
    return this.keyList().length;
  }
}

/** Sets are keyed by a canonical string, so membership is a hash lookup. */
export class RSet {
  readonly items: Map<string, RValue>;
  constructor(values: Iterable<RValue>) {
    this.items = new Map();
    for (const value of values) this.items.set(hashKey(value), value);
  }
  has(value: RValue): boolean {
    return this.items.has(hashKey(value));
  }
  get size(): number {
    return this.items.size;
  }
}

/** The result of `map.diff(other)`: `this` is the new map, `other` the old one. */
export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | RBytes
  | RTimestamp
  | RDuration
  | RLatLng
  | RPath
  | RList
  | RMap
  | RSet
  | RMapDiff;

/** An evaluation error. It is a value: `&&`/`||` may absorb it; reaching an allow means deny. */
export class RError {
  constructor(readonly message: string) {}
}

export type Result = RValue | RError;

export function isList(value: Result): value is RList {
  return Array.isArray(value);
}

export function typeName(value: RValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(value)) return 'list';
  if (value instanceof RMap) return 'map';
  if (value instanceof RSet) return 'set';
  if (value instanceof RTimestamp) return 'timestamp';
  if (value instanceof RDuration) return 'duration';
  if (value instanceof RPath) return 'path';
  if (value instanceof RBytes) return 'bytes';
  if (value instanceof RLatLng) return 'latlng';
  return 'map_diff';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Integer results outside int64 are errors, as in CEL, rather than silently wrapping. */
export function checkInt(value: bigint): bigint | RError {
  return value < INT64_MIN || value > INT64_MAX ? new RError('Integer overflow.') : value;
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && a < 0n !== b < 0n) ? q - 1n : q; // prettier-ignore
}

/** Converts a Firestore REST value. Lists convert their elements; maps stay lazy. */
export function fromValue(value: Value): RValue {
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) return BigInt(value.integerValue);
  if ('booleanValue' in value) return value.booleanValue;
  if ('mapValue' in value) return RMap.fromFields(value.mapValue.fields ?? {});
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('nullValue' in value) return null;
  if ('timestampValue' in value) return parseTimestamp(value.timestampValue);
  if ('bytesValue' in value)
    return new RBytes(new Uint8Array(Buffer.from(value.bytesValue, 'base64')));
  if ('referenceValue' in value) return referenceToPath(value.referenceValue);
  const point = value.geoPointValue;
  return new RLatLng(point.latitude ?? 0, point.longitude ?? 0);
}

/** projects/{p}/databases/{d}/documents/a/b → /databases/{d}/documents/a/b */
export function referenceToPath(name: string): RPath {
  return new RPath(name.split('/').slice(2));
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

export function parseTimestamp(text: string): RTimestamp {
  const match = RFC3339.exec(text);
  if (!match) return new RTimestamp(BigInt(Date.parse(text)) * 1_000_000n);
  const [, base, fraction = '', zone] = match;
  const seconds = BigInt(Date.parse(`${base}${zone.toUpperCase()}`) / 1000);
  return new RTimestamp(seconds * 1_000_000_000n + BigInt(fraction.padEnd(9, '0')));
}

/** Token claims and other plain JSON: whole numbers become int, like JSON-decoded claims. */
export function fromJson(value: unknown): RValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(fromJson);
  if (typeof value === 'object') {
    const entries = new Map<string, RValue>();
    for (const [key, inner] of Object.entries(value)) entries.set(key, fromJson(inner));
    return RMap.fromEntries(entries);
  }
  return String(value);
}

/** A canonical key: equal values (including 1 and 1.0) get equal keys. */
export function hashKey(value: RValue): string {
  if (value === null) return 'z';
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'bigint':
      return `n${value}`;
    case 'number':
      return Number.isInteger(value) ? `n${BigInt(value)}` : `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
  }
  if (isList(value)) return `[${value.map((item) => JSON.stringify(hashKey(item))).join()}]`;
  if (value instanceof RMap) {
    const keys = [...value.keys()].sort();
    return `{${keys.map((k) => JSON.stringify([k, hashKey(value.get(k) ?? null)])).join()}}`;
  }
  if (value instanceof RSet) return `<${[...value.items.keys()].sort().join('\u0000')}>`;
  if (value instanceof RTimestamp) return `t${value.nanos}`;
  if (value instanceof RDuration) return `d${value.nanos}`;
  if (value instanceof RPath) return `p${JSON.stringify(value.segments)}`;
  if (value instanceof RBytes) return `y${Buffer.from(value.bytes).toString('base64')}`;
  if (value instanceof RLatLng) return `g${value.lat},${value.lng}`;
  return `x${hashKey(value.left)}${hashKey(value.right)}`;
}

/** Equality of the `==` operator: deep, numeric across int and float, false across types. */
export function equals(a: RValue, b: RValue): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  const ta = typeof a;
  const tb = typeof b;
  if (ta !== tb && (ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    return Number(a) === Number(b);
  }
  if (ta !== 'object' || tb !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => equals(item, b[i]));
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap)) return false;
    const keys = a.keys();
    if (keys.length !== b.size) return false;
    return keys.every((key) => {
      const other = b.get(key);
      return other !== undefined && equals(a.get(key) ?? null, other);
    });
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RSet) {
    return (
      b instanceof RSet && a.size === b.size && [...a.items.keys()].every((k) => b.items.has(k))
    );
  }
  return typeName(a) === typeName(b) && hashKey(a) === hashKey(b);
}
