/**
 * The rules language's operators on runtime values. Wrong operand types give an error value
 * (which denies the allow), never an exception. int and float mix in arithmetic and comparison;
 * the result of mixed arithmetic is a float.
 */
import { contains } from './builtins/lists';
import {
  checkInt,
  equals,
  RDuration,
  RError,
  RMap,
  RSet,
  RTimestamp,
  typeName,
  type Result,
  type RValue,
} from './values';

function noOverload(op: string, a: RValue, b: RValue): RError {
  return new RError(`Unsupported operation error. Received: ${typeName(a)} ${op} ${typeName(b)}.`);
}

function numeric(
  a: RValue,
  b: RValue,
  ints: (x: bigint, y: bigint) => Result,
  floats: (x: number, y: number) => number,
): Result | undefined {
  if (typeof a === 'bigint' && typeof b === 'bigint') return ints(a, b);
  const isNum = (v: RValue) => typeof v === 'bigint' || typeof v === 'number';
  if (isNum(a) && isNum(b)) return floats(Number(a), Number(b));
  return undefined;
}

export function add(a: RValue, b: RValue): Result {
  const n = numeric(
    a,
    b,
    (x, y) => checkInt(x + y),
    (x, y) => x + y,
  );
  if (n !== undefined) return n;
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a instanceof RTimestamp && b instanceof RDuration) return new RTimestamp(a.nanos + b.nanos);
  if (a instanceof RDuration && b instanceof RTimestamp) return new RTimestamp(a.nanos + b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.nanos + b.nanos);
  return noOverload('+', a, b);
}

export function subtract(a: RValue, b: RValue): Result {
  const n = numeric(
    a,
    b,
    (x, y) => checkInt(x - y),
    (x, y) => x - y,
  );
  if (n !== undefined) return n;
  if (a instanceof RTimestamp && b instanceof RDuration) return new RTimestamp(a.nanos - b.nanos);
  if (a instanceof RTimestamp && b instanceof RTimestamp) return new RDuration(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.nanos - b.nanos);
  return noOverload('-', a, b);
}

export function multiply(a: RValue, b: RValue): Result {
  return (
    numeric(
      a,
      b,
      (x, y) => checkInt(x * y),
      (x, y) => x * y,
    ) ?? noOverload('*', a, b)
  );
}

export function divide(a: RValue, b: RValue): Result {
  const ints = (x: bigint, y: bigint) =>
    y === 0n ? new RError('Division by zero.') : checkInt(x / y);
  return numeric(a, b, ints, (x, y) => x / y) ?? noOverload('/', a, b);
}

export function modulo(a: RValue, b: RValue): Result {
  const ints = (x: bigint, y: bigint) => (y === 0n ? new RError('Modulo by zero.') : x % y);
  return numeric(a, b, ints, (x, y) => x % y) ?? noOverload('%', a, b);
}

export function negate(a: RValue): Result {
  if (typeof a === 'bigint') return checkInt(-a);
  if (typeof a === 'number') return -a;
  if (a instanceof RDuration) return new RDuration(-a.nanos);
  return new RError(`Unsupported operation error. Received: -${typeName(a)}.`);
}

export function not(a: RValue): Result {
  return typeof a === 'boolean'
    ? !a
    : new RError(`Unsupported operation error. Received: !${typeName(a)}.`);
}

/** Sign of a - b for ordered types; an error for anything else (lists, maps, null, ...). */
function compare(op: string, a: RValue, b: RValue): number | RError {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (
    (typeof a === 'bigint' || typeof a === 'number') &&
    (typeof b === 'bigint' || typeof b === 'number')
  ) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof RTimestamp && b instanceof RTimestamp) return Number(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return Number(a.nanos - b.nanos);
  return noOverload(op, a, b);
}

export function relation(op: '<' | '<=' | '>' | '>=', a: RValue, b: RValue): Result {
  const sign = compare(op, a, b);
  if (sign instanceof RError) return sign;
  switch (op) {
    case '<':
      return sign < 0;
    case '<=':
      return sign <= 0;
    case '>':
      return sign > 0;
    default:
      return sign >= 0;
  }
}

export { equals };

/** `x in list`, `key in map`, `x in set`. */
export function membership(item: RValue, collection: RValue): Result {
  if (Array.isArray(collection)) return contains(collection, item);
  if (collection instanceof RSet) return collection.has(item);
  if (collection instanceof RMap) {
    return typeof item === 'string' ? collection.get(item) !== undefined : false;
  }
  return noOverload('in', item, collection);
}

/** `value is type`; `number` covers int and float. */
export function isType(value: RValue, type: string): boolean {
  const actual = typeName(value);
  if (type === 'number') return actual === 'int' || actual === 'float';
  return actual === type;
}
