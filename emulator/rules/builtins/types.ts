import { RError, typeName, type Result, type RValue } from '../values';

/** A method such as `'abc'.size()`: the receiver's type selects the table (see builtins/index). */
export interface Method {
  /** Accepted argument counts. */
  arity: readonly number[];
  call(self: RValue, args: readonly RValue[]): Result;
}

/** A function in a namespace (`math.abs`) or a global one (`int`). */
export interface NamedFunction {
  arity: readonly number[];
  /** Why this emulator refuses, at load, rules that call it (production has it; we do not). */
  unsupported?: string;
  call(args: readonly RValue[]): Result;
}

export function invalidArgument(name: string, value: RValue): RError {
  return new RError(
    `Invalid argument provided to call. Function: [${name}], Argument: [${typeName(value)}].`,
  );
}

export function isInt(value: RValue): value is bigint {
  return typeof value === 'bigint';
}

export function isNumber(value: RValue): value is bigint | number {
  return typeof value === 'bigint' || typeof value === 'number';
}
