import { describe, expect, it } from 'vitest';
import type { Value } from '../model';
import { NumericSum } from './numericSum';

const int = (n: string): Value => ({ integerValue: n });
const dbl = (x: number | string): Value => ({ doubleValue: x });

function total(values: Value[]): { sum: Value; average: Value } {
  const accumulator = new NumericSum();
  for (const value of values) accumulator.add(value);
  return { sum: accumulator.sum(), average: accumulator.average() };
}

describe('NumericSum', () => {
  it('rounds the exact sum of doubles once, whatever the order', () => {
    const values = [dbl(0.1), dbl(0.2), dbl(0.3), dbl(1e16), dbl(-1e16)];
    const forwards = total(values);
    const backwards = total([...values].reverse());
    expect(forwards.sum).toEqual(dbl(0.6));
    expect(backwards.sum).toEqual(forwards.sum);
  });

  it('adds integers beyond 2^53 exactly and turns to a double only outside 64 bits', () => {
    expect(total([int('9007199254740993'), int('2')]).sum).toEqual(int('9007199254740995'));
    expect(total([int('-9223372036854775808'), int('-1')]).sum).toEqual(
      dbl(Number(-9223372036854775809n)),
    );
  });

  it('mixes integers and doubles into one correctly rounded double', () => {
    // 2^53 + 1 is not a double; with 0.5 added the exact 2^53 + 1.5 rounds up to 2^53 + 2.
    expect(total([int('9007199254740993'), dbl(0.5)]).sum).toEqual(dbl(9007199254740994));
  });

  it('skips every value that is not a number', () => {
    const skipped: (Value | undefined)[] = [
      { stringValue: '3' },
      { nullValue: null },
      { booleanValue: true },
      { arrayValue: { values: [int('1')] } },
      undefined,
    ];
    const accumulator = new NumericSum();
    for (const value of skipped) accumulator.add(value);
    expect(accumulator.count).toBe(0);
    expect(accumulator.sum()).toEqual(int('0'));
    expect(accumulator.average()).toEqual({ nullValue: null });
  });

  it('keeps subnormal values exact', () => {
    expect(total([dbl(Number.MIN_VALUE), dbl(Number.MIN_VALUE)]).sum).toEqual(
      dbl(2 * Number.MIN_VALUE),
    );
    expect(
      total([dbl(Number.MAX_VALUE), dbl(Number.MIN_VALUE), dbl(-Number.MAX_VALUE)]).sum,
    ).toEqual(dbl(Number.MIN_VALUE));
  });
});
