import { describe, expect, it } from 'vitest';
import { groupThousands, roundedText } from './numberText';

describe('groupThousands', () => {
  it('writes thousands with commas, as en-GB does', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_234_567, -1234, 1234.5]) {
      expect(groupThousands(value)).toBe(
        value.toLocaleString('en-GB', { maximumFractionDigits: 20 }),
      );
    }
  });
});

describe('roundedText', () => {
  it('keeps at most the given decimals and drops trailing zeros, as en-GB does', () => {
    for (const value of [8, 8.5, 8.25, 8.256, 0.1, 750, 1234.5678]) {
      expect(roundedText(value, 2)).toBe(
        new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value),
      );
    }
  });
});
