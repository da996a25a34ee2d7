import { describe, expect, it } from 'vitest';
import {
  formatLatency,
  inpLatency,
  latencyRatio,
  latencyUpperBound,
  medianLatency,
  slowestLatency,
  type Latency,
} from './stats';

const under = 'below-threshold' as const;

describe('keystroke latencies, where a key with no Event Timing entry took under 16 ms', () => {
  it('orders keys under the threshold below every measured one, never as 0 ms', () => {
    expect(slowestLatency([under, under])).toBe(under);
    expect(slowestLatency([under, 24, under])).toBe(24);
    expect(medianLatency([under, under, 40])).toBe(under);
    expect(medianLatency([16, under, 40])).toBe(16);
  });

  it('takes the slower of the two middle keys, never a mean with an unknown', () => {
    expect(medianLatency([under, 24])).toBe(24);
    expect(medianLatency([16, 24, under, 32])).toBe(24);
  });

  it('counts a key under the threshold at 16 ms in a budget, its upper bound', () => {
    expect(latencyUpperBound(under)).toBe(16);
    expect(latencyUpperBound(40)).toBe(40);
    expect(formatLatency(under)).toBe('< 16');
  });

  it("leaves out one interaction in 50 from INP's figure, as INP does", () => {
    const keys: Latency[] = [...Array.from({ length: 68 }, () => under), 48, 200];
    expect(inpLatency(keys)).toBe(48);
    expect(inpLatency(keys.slice(21))).toBe(200);
  });

  it('states the ratio to the floor as a bound when either is under the threshold', () => {
    expect(latencyRatio(32, 16)).toBe('2.00×');
    expect(latencyRatio(32, under)).toBe('> 2.00×');
    expect(latencyRatio(under, 32)).toBe('< 0.50×');
    expect(latencyRatio(under, under)).toBe('both under the threshold');
  });
});
