/** The `math` namespace (https://firebase.google.com/docs/reference/rules/rules.math). */
import { checkInt, type Result, type RValue } from '../values';
import { invalidArgument, isNumber, type NamedFunction } from './types';

function numeric(name: string, call: (value: bigint | number) => Result): NamedFunction {
  return {
    arity: [1],
    call: ([value]) => (isNumber(value) ? call(value) : invalidArgument(`math.${name}`, value)),
  };
}

/** ceil/floor/round take a float and return an int, as documented. */
function rounding(name: string, round: (value: number) => number): NamedFunction {
  return numeric(name, (value) =>
    typeof value === 'bigint'
      ? value
      : Number.isFinite(value)
        ? checkInt(BigInt(round(value)))
        : invalidArgument(`math.${name}`, value),
  );
}

export const MATH_FUNCTIONS: Record<string, NamedFunction> = {
  abs: numeric('abs', (value) =>
    typeof value === 'bigint' ? checkInt(value < 0n ? -value : value) : Math.abs(value),
  ),
  ceil: rounding('ceil', Math.ceil),
  floor: rounding('floor', Math.floor),
  // Half away from zero, like C's round().
  round: rounding('round', (value) => Math.sign(value) * Math.round(Math.abs(value))),
  sqrt: numeric('sqrt', (value) => Math.sqrt(Number(value))),
  isInfinite: numeric(
    'isInfinite',
    (value) => typeof value === 'number' && Math.abs(value) === Infinity,
  ),
  isNaN: numeric('isNaN', (value) => typeof value === 'number' && Number.isNaN(value)),
  pow: {
    arity: [2],
    call: ([base, exponent]: readonly RValue[]) =>
      isNumber(base) && isNumber(exponent)
        ? Math.pow(Number(base), Number(exponent))
        : invalidArgument('math.pow', isNumber(base) ? exponent : base),
  },
};
