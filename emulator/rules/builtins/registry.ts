/**
 * Where a call's name is looked up: methods by the receiver's type, namespaced functions
 * (`math.abs`), and global functions (`int`). compile.ts rejects any name not listed here.
 */
import { typeName, type RValue } from '../values';
import {
  BYTES_METHODS,
  CONVERSION_FUNCTIONS,
  LATLNG_FUNCTIONS,
  LATLNG_METHODS,
} from './conversions';
import { HASHING_FUNCTIONS } from './hashing';
import { LIST_METHODS } from './lists';
import { MAP_DIFF_METHODS, MAP_METHODS } from './maps';
import { MATH_FUNCTIONS } from './math';
import { PATH_FUNCTIONS } from './paths';
import { SET_METHODS } from './sets';
import { STRING_METHODS } from './strings';
import {
  DURATION_FUNCTIONS,
  DURATION_METHODS,
  TIMESTAMP_FUNCTIONS,
  TIMESTAMP_METHODS,
} from './time';
import type { Method, NamedFunction } from './types';

const METHODS_BY_TYPE: Record<string, Record<string, Method>> = {
  string: STRING_METHODS,
  list: LIST_METHODS,
  map: MAP_METHODS,
  set: SET_METHODS,
  map_diff: MAP_DIFF_METHODS,
  timestamp: TIMESTAMP_METHODS,
  duration: DURATION_METHODS,
  bytes: BYTES_METHODS,
  latlng: LATLNG_METHODS,
};

export const NAMESPACES: Record<string, Record<string, NamedFunction>> = {
  math: MATH_FUNCTIONS,
  duration: DURATION_FUNCTIONS,
  timestamp: TIMESTAMP_FUNCTIONS,
  latlng: LATLNG_FUNCTIONS,
  hashing: HASHING_FUNCTIONS,
};

export const GLOBAL_FUNCTIONS: Record<string, NamedFunction> = {
  ...CONVERSION_FUNCTIONS,
  ...PATH_FUNCTIONS,
};

/** Functions that read documents; rules/documents.ts implements them (they need the request). */
export const DOCUMENT_FUNCTIONS: ReadonlySet<string> = new Set([
  'get',
  'exists',
  'getAfter',
  'existsAfter',
]);

export function findMethod(receiver: RValue, name: string): Method | undefined {
  const table = METHODS_BY_TYPE[typeName(receiver)];
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Every argument count any type accepts for a method name; undefined if no type has it. */
export function methodArities(name: string): Set<number> | undefined {
  let arities: Set<number> | undefined;
  for (const table of Object.values(METHODS_BY_TYPE)) {
    if (!Object.hasOwn(table, name)) continue;
    arities ??= new Set();
    for (const arity of table[name].arity) arities.add(arity);
  }
  return arities;
}

export const TYPE_NAMES = new Set([
  'string', 'int', 'float', 'number', 'bool', 'null', 'list', 'map', 'timestamp', 'duration',
  'path', 'latlng', 'bytes', 'set', 'map_diff',
]); // prettier-ignore
