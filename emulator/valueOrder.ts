/**
 * Firestore's total order over values (https://firebase.google.com/docs/firestore/manage-data/data-types):
 * null < boolean < number < timestamp < string < bytes < reference < geo point < array < vector < map.
 * Integers and doubles compare numerically, NaN first; strings in UTF-8 byte order.
 * Works on canonical stored values (see values.ts).
 */
import type { Value } from './model';

export const TYPE_ORDER = {
  null: 0,
  boolean: 1,
  number: 2,
  timestamp: 3,
  string: 4,
  bytes: 5,
  reference: 6,
  geoPoint: 7,
  array: 8,
  vector: 9,
  map: 10,
} as const;

export function typeOrder(value: Value): number {
  if ('stringValue' in value) return TYPE_ORDER.string;
  if ('integerValue' in value || 'doubleValue' in value) return TYPE_ORDER.number;
  if ('timestampValue' in value) return TYPE_ORDER.timestamp;
  if ('booleanValue' in value) return TYPE_ORDER.boolean;
  if ('nullValue' in value) return TYPE_ORDER.null;
  if ('referenceValue' in value) return TYPE_ORDER.reference;
  if ('bytesValue' in value) return TYPE_ORDER.bytes;
  if ('geoPointValue' in value) return TYPE_ORDER.geoPoint;
  if ('arrayValue' in value) return TYPE_ORDER.array;
  return isVector(value) ? TYPE_ORDER.vector : TYPE_ORDER.map;
}

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  if ('stringValue' in a && 'stringValue' in b) return compareUtf8(a.stringValue, b.stringValue);
  if ('timestampValue' in a && 'timestampValue' in b) {
    return compareTimestamps(a.timestampValue, b.timestampValue);
  }
  if ('booleanValue' in a && 'booleanValue' in b)
    return Number(a.booleanValue) - Number(b.booleanValue);
  if ('referenceValue' in a && 'referenceValue' in b) {
    return comparePaths(a.referenceValue, b.referenceValue);
  }
  if ('bytesValue' in a && 'bytesValue' in b) {
    return Buffer.compare(Buffer.from(a.bytesValue, 'base64'), Buffer.from(b.bytesValue, 'base64'));
  }
  if ('geoPointValue' in a && 'geoPointValue' in b) {
    const pa = a.geoPointValue;
    const pb = b.geoPointValue;
    return (
      compareDoubles(pa.latitude ?? 0, pb.latitude ?? 0) ||
      compareDoubles(pa.longitude ?? 0, pb.longitude ?? 0)
    );
  }
  if ('arrayValue' in a && 'arrayValue' in b) {
    return compareLists(a.arrayValue.values ?? [], b.arrayValue.values ?? []);
  }
  if ('mapValue' in a && 'mapValue' in b) {
    if (ta === TYPE_ORDER.vector) return compareVectors(a, b);
    return compareMaps(a.mapValue.fields ?? {}, b.mapValue.fields ?? {});
  }
  if (ta === TYPE_ORDER.number) return compareNumbers(a, b);
  return 0; // both null
}

/** Equality as Firestore queries and array transforms use it: 1 == 1.0, NaN == NaN. */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

export function isNaNValue(value: Value): boolean {
  return 'doubleValue' in value && value.doubleValue === 'NaN';
}

/** A number as a JS double (ints beyond 2^53 round), or null for non-numbers. */
export function toDouble(value: Value): number | null {
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  return null;
}

function compareNumbers(a: Value, b: Value): number {
  const ai = 'integerValue' in a ? String(a.integerValue) : null;
  const bi = 'integerValue' in b ? String(b.integerValue) : null;
  if (ai !== null && bi !== null) {
    if (ai.length < 16 && bi.length < 16) return sign(Number(ai) - Number(bi));
    return compareBig(BigInt(ai), BigInt(bi));
  }
  const ad = toDouble(a) ?? 0;
  const bd = toDouble(b) ?? 0;
  const byDouble = compareDoubles(ad, bd);
  // Rounding is monotone, so only a tie between a large int and an integral double needs BigInt.
  if (byDouble !== 0 || !Number.isFinite(ad) || !Number.isFinite(bd)) return byDouble;
  if (ai !== null && ai.length >= 16) return compareBig(BigInt(ai), BigInt(bd));
  if (bi !== null && bi.length >= 16) return compareBig(BigInt(ad), BigInt(bi));
  return 0;
}

/** NaN sorts before every other number and equals itself; -0 equals 0. */
function compareDoubles(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** UTF-8 byte order equals code point order; JS compares UTF-16 units, which differs only for surrogates. */
/** Units where UTF-16 order and UTF-8 byte order can disagree (surrogates, and U+E000 and up). */
const OUT_OF_ORDER_UNITS = /[\uD800-\uFFFF]/;

export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  // Without such units the engine's own comparison is the UTF-8 order, and far faster on long
  // strings with a common prefix (index builds compare post contents).
  if (!OUT_OF_ORDER_UNITS.test(a) && !OUT_OF_ORDER_UNITS.test(b)) return a < b ? -1 : 1;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) return surrogateAdjusted(ca) < surrogateAdjusted(cb) ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function surrogateAdjusted(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit;
}

/** Canonical timestamps share the same 19-character prefix layout; fractions differ in length. */
function compareTimestamps(a: string, b: string): number {
  const head = a.slice(0, 19) < b.slice(0, 19) ? -1 : a.slice(0, 19) > b.slice(0, 19) ? 1 : 0;
  if (head !== 0) return head;
  const fa = fraction(a);
  const fb = fraction(b);
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

function fraction(timestamp: string): string {
  return timestamp[19] === '.' ? timestamp.slice(20, -1).padEnd(9, '0') : '000000000';
}

/** Resource paths compare segment by segment: '/' ends a segment, so it sorts before any character. */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if (ca === 0x2f) return -1;
    if (cb === 0x2f) return 1;
    return surrogateAdjusted(ca) < surrogateAdjusted(cb) ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

function compareLists(a: Value[], b: Value[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function compareMaps(a: Record<string, Value>, b: Record<string, Value>): number {
  const ak = Object.keys(a).sort(compareUtf8);
  const bk = Object.keys(b).sort(compareUtf8);
  const length = Math.min(ak.length, bk.length);
  for (let i = 0; i < length; i++) {
    const c = compareUtf8(ak[i], bk[i]) || compareValues(a[ak[i]], b[bk[i]]);
    if (c !== 0) return c;
  }
  return sign(ak.length - bk.length);
}

/** matches Firestore: vectors order by dimension first, then element by element. */
function compareVectors(a: Value, b: Value): number {
  const va = vectorElements(a);
  const vb = vectorElements(b);
  return sign(va.length - vb.length) || compareLists(va, vb);
}

function vectorElements(value: Value): Value[] {
  const inner = 'mapValue' in value ? value.mapValue.fields?.value : undefined;
  return inner && 'arrayValue' in inner ? (inner.arrayValue.values ?? []) : [];
}

function isVector(value: Value): boolean {
  if (!('mapValue' in value)) return false;
  const type = value.mapValue.fields?.__type__;
  return type !== undefined && 'stringValue' in type && type.stringValue === '__vector__';
}
