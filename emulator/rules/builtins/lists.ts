/** Methods of rules.List (https://firebase.google.com/docs/reference/rules/rules.List). */
import { equals, RError, RSet, type Result, type RList, type RValue } from '../values';
import { invalidArgument, type Method } from './types';

function listMethod(arity: number, call: (self: RList, args: readonly RValue[]) => Result): Method {
  return { arity: [arity], call: (self, args) => call(self as RList, args) }; // dispatched by type
}

/** hasAll/hasAny/hasOnly accept a list or a set as their argument. */
export function asSet(name: string, value: RValue): RSet | RError {
  if (value instanceof RSet) return value;
  if (Array.isArray(value)) return new RSet(value);
  return invalidArgument(name, value);
}

function withSet(name: string, call: (self: RSet, other: RSet) => Result): Method {
  return listMethod(1, (self, [arg]) => {
    const other = asSet(name, arg);
    return other instanceof RError ? other : call(new RSet(self), other);
  });
}

export function hasAll(self: RSet, other: RSet): boolean {
  for (const key of other.items.keys()) if (!self.items.has(key)) return false;
  return true;
}

export function hasAny(self: RSet, other: RSet): boolean {
  for (const key of other.items.keys()) if (self.items.has(key)) return true;
  return false;
}

export function hasOnly(self: RSet, other: RSet): boolean {
  return hasAll(other, self);
}

export function contains(list: RList, value: RValue): boolean {
  return list.some((item) => equals(item, value));
}

export const LIST_METHODS: Record<string, Method> = {
  size: listMethod(0, (self) => BigInt(self.length)),
  hasAll: withSet('hasAll', hasAll),
  hasAny: withSet('hasAny', hasAny),
  hasOnly: withSet('hasOnly', hasOnly),
  toSet: listMethod(0, (self) => new RSet(self)),
  concat: listMethod(1, (self, [other]) =>
    Array.isArray(other) ? [...self, ...other] : invalidArgument('concat', other),
  ),
  removeAll: listMethod(1, (self, [other]) =>
    Array.isArray(other)
      ? self.filter((item) => !contains(other, item))
      : invalidArgument('removeAll', other),
  ),
  join: listMethod(1, (self, [separator]) => {
    if (typeof separator !== 'string') return invalidArgument('join', separator);
    const bad = self.find((item) => typeof item !== 'string');
    return bad === undefined ? self.join(separator) : invalidArgument('join', bad);
  }),
};
