/**
 * Field transforms (Write.updateTransforms), with the semantics the Firestore v1 reference
 * documents for DocumentTransform.FieldTransform.
 */
import { assertArgument } from './errors';
import { expectObject, expectString } from './json';
import {
  assertWritablePath,
  getField,
  parseFieldPath,
  setField,
  type FieldPath,
} from './fieldPath';
import type { Fields, Value } from './model';
import { formatTimestamp, type Micros } from './time';
import { canonicalDouble, parseValue } from './values';
import { compareValues, isNaNValue, valuesEqual } from './valueOrder';

export type FieldTransform =
  | { path: FieldPath; kind: 'serverTime' }
  | { path: FieldPath; kind: 'increment' | 'maximum' | 'minimum'; operand: Value }
  | { path: FieldPath; kind: 'appendMissingElements' | 'removeAllFromArray'; elements: Value[] };

const KINDS = [
  'setToServerValue',
  'increment',
  'maximum',
  'minimum',
  'appendMissingElements',
  'removeAllFromArray',
];
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function parseTransform(raw: unknown, where: string): FieldTransform {
  const object = expectObject(raw, where, ['fieldPath', ...KINDS]);
  const at = `${where}.fieldPath`;
  const path = assertWritablePath(parseFieldPath(expectString(object.fieldPath, at), at), at);
  const kinds = KINDS.filter((kind) => object[kind] !== undefined);
  assertArgument(kinds.length === 1, `'${where}' must have exactly one of ${KINDS.join(', ')}.`);
  const kind = kinds[0];
  const operandAt = `${where}.${kind}`;
  if (kind === 'setToServerValue') {
    assertArgument(
      object[kind] === 'REQUEST_TIME',
      `Invalid value at '${operandAt}': only REQUEST_TIME is supported.`,
    );
    return { path, kind: 'serverTime' };
  }
  if (kind === 'increment' || kind === 'maximum' || kind === 'minimum') {
    const operand = parseValue(object[kind], operandAt);
    assertArgument(
      'integerValue' in operand || 'doubleValue' in operand,
      `Invalid value at '${operandAt}': ${kind} needs an integerValue or doubleValue operand.`,
    );
    return { path, kind, operand };
  }
  // ArrayValue members, parsed as an arrayValue so nested arrays are refused as Firestore does.
  const list = parseValue({ arrayValue: object[kind] }, operandAt);
  const elements = 'arrayValue' in list ? (list.arrayValue.values ?? []) : [];
  return { path, kind: kind === 'appendMissingElements' ? kind : 'removeAllFromArray', elements };
}

/** Applies transforms in order; returns the new fields and one transform result per transform. */
export function applyTransforms(
  fields: Fields,
  transforms: readonly FieldTransform[],
  time: Micros,
): { fields: Fields; results: Value[] } {
  const results: Value[] = [];
  let next = fields;
  for (const transform of transforms) {
    const current = getField(next, transform.path);
    const [value, result] = transformValue(current, transform, time);
    next = setField(next, transform.path, value);
    results.push(result);
  }
  return { fields: next, results };
}

function transformValue(
  current: Value | undefined,
  transform: FieldTransform,
  time: Micros,
): [Value, Value] {
  switch (transform.kind) {
    case 'serverTime': {
      const value = { timestampValue: formatTimestamp(time) };
      return [value, value];
    }
    case 'increment': {
      const value = increment(current, transform.operand);
      return [value, value];
    }
    case 'maximum':
    case 'minimum': {
      const value = extreme(current, transform.operand, transform.kind === 'maximum' ? 1 : -1);
      return [value, value];
    }
    case 'appendMissingElements': {
      const values = arrayElements(current);
      for (const element of transform.elements) {
        if (!values.some((v) => valuesEqual(v, element))) values.push(element);
      }
      return [arrayOf(values), { nullValue: null }];
    }
    case 'removeAllFromArray': {
      const values = arrayElements(current).filter(
        (v) => !transform.elements.some((e) => valuesEqual(v, e)),
      );
      return [arrayOf(values), { nullValue: null }];
    }
  }
}

/** matches Firestore: int + int saturates at the int64 bounds; any double makes it a double; a non-number becomes the operand. */
function increment(current: Value | undefined, operand: Value): Value {
  if (!current || !isNumber(current)) return operand;
  if ('integerValue' in current && 'integerValue' in operand) {
    const sum = BigInt(current.integerValue) + BigInt(operand.integerValue);
    const clamped = sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum;
    return { integerValue: clamped.toString() };
  }
  return { doubleValue: canonicalDouble(Number(numeric(current)) + Number(numeric(operand))) };
}

/** matches Firestore: NaN wins, the stored value wins ties (3 vs 3.0, 0 vs -0.0), a non-number becomes the operand. */
function extreme(current: Value | undefined, operand: Value, direction: 1 | -1): Value {
  if (!current || !isNumber(current)) return operand;
  if (isNaNValue(current)) return current;
  if (isNaNValue(operand)) return operand;
  return compareValues(operand, current) * direction > 0 ? operand : current;
}

function isNumber(value: Value): boolean {
  return 'integerValue' in value || 'doubleValue' in value;
}

function numeric(value: Value): string | number {
  if ('integerValue' in value) return value.integerValue;
  return 'doubleValue' in value ? value.doubleValue : 0;
}

function arrayElements(current: Value | undefined): Value[] {
  return current && 'arrayValue' in current ? [...(current.arrayValue.values ?? [])] : [];
}

function arrayOf(values: Value[]): Value {
  return { arrayValue: values.length > 0 ? { values } : {} };
}
