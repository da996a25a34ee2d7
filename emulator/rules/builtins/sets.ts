/** Methods of rules.Set (https://firebase.google.com/docs/reference/rules/rules.Set). */
import { RError, RSet, type Result, type RValue } from '../values';
import { asSet, hasAll, hasAny, hasOnly } from './lists';
import type { Method } from './types';

function setMethod(name: string, call: (self: RSet, other: RSet) => Result): Method {
  return {
    arity: [1],
    call: (self, [arg]) => {
      const other = asSet(name, arg);
      return other instanceof RError ? other : call(self as RSet, other); // dispatched by type
    },
  };
}

function filtered(self: RSet, keep: (key: string) => boolean): RSet {
  const values: RValue[] = [];
  for (const [key, value] of self.items) if (keep(key)) values.push(value);
  return new RSet(values);
}

export const SET_METHODS: Record<string, Method> = {
  size: { arity: [0], call: (self) => BigInt((self as RSet).size) }, // dispatched by type
  hasAll: setMethod('hasAll', hasAll),
  hasAny: setMethod('hasAny', hasAny),
  hasOnly: setMethod('hasOnly', hasOnly),
  difference: setMethod('difference', (self, other) =>
    filtered(self, (key) => !other.items.has(key)),
  ),
  intersection: setMethod('intersection', (self, other) =>
    filtered(self, (key) => other.items.has(key)),
  ),
  union: setMethod(
    'union',
    (self, other) => new RSet([...self.items.values(), ...other.items.values()]),
  ),
};
