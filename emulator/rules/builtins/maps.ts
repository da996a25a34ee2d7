/**
 * Methods of rules.Map and rules.MapDiff
 * (https://firebase.google.com/docs/reference/rules/rules.Map, .../rules.MapDiff).
 */
import { equals, RMap, RMapDiff, RSet, type Result, type RValue } from '../values';
import { invalidArgument, type Method } from './types';

function mapMethod(arity: number[], call: (self: RMap, args: readonly RValue[]) => Result): Method {
  return { arity, call: (self, args) => call(self as RMap, args) }; // dispatched by type
}

/** `get(key, default)`; a list key walks nested maps, as documented for `get(['a', 'b'], d)`. */
function getWithDefault(self: RMap, key: RValue, fallback: RValue): Result {
  const keys = Array.isArray(key) ? key : [key];
  let current: RValue = self;
  for (const part of keys) {
    if (typeof part !== 'string') return invalidArgument('get', part);
    if (!(current instanceof RMap)) return fallback;
    const next = current.get(part);
    if (next === undefined) return fallback;
    current = next;
  }
  return current;
}

export const MAP_METHODS: Record<string, Method> = {
  size: mapMethod([0], (self) => BigInt(self.size)),
  keys: mapMethod([0], (self) => [...self.keys()]),
  values: mapMethod([0], (self) => self.keys().map((key) => self.get(key) ?? null)),
  get: mapMethod([2], (self, [key, fallback]) => getWithDefault(self, key, fallback)),
  diff: mapMethod([1], (self, [other]) =>
    other instanceof RMap ? new RMapDiff(self, other) : invalidArgument('diff', other),
  ),
};

function diffKeys(pick: (diff: RMapDiff) => string[]): Method {
  return { arity: [0], call: (self) => new RSet(pick(self as RMapDiff)) }; // dispatched by type
}

function inLeftOnly(diff: RMapDiff): string[] {
  return diff.left.keys().filter((key) => diff.right.get(key) === undefined);
}

function inRightOnly(diff: RMapDiff): string[] {
  return diff.right.keys().filter((key) => diff.left.get(key) === undefined);
}

function common(diff: RMapDiff, changed: boolean): string[] {
  return diff.left.keys().filter((key) => {
    const before = diff.right.get(key);
    return before !== undefined && equals(diff.left.get(key) ?? null, before) !== changed;
  });
}

/** `this.diff(other)`: added keys are in `this` only; removed keys in `other` only. */
export const MAP_DIFF_METHODS: Record<string, Method> = {
  addedKeys: diffKeys(inLeftOnly),
  removedKeys: diffKeys(inRightOnly),
  changedKeys: diffKeys((diff) => common(diff, true)),
  unchangedKeys: diffKeys((diff) => common(diff, false)),
  affectedKeys: diffKeys((diff) => [
    ...inLeftOnly(diff),
    ...inRightOnly(diff),
    ...common(diff, true),
  ]),
};
