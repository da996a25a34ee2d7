/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The Event Timing API reports no interaction faster than its `durationThreshold`, whose minimum
 * is 16 ms (https://w3c.github.io/event-timing/): a key that produced no entry took less.
 */
export const EVENT_TIMING_THRESHOLD_MS = 16;

/** One keystroke's key-press-to-next-paint time in ms, or 'below-threshold' (< 16 ms). */
export type Latency = number | 'below-threshold';

/** For ordering only: a below-threshold key is faster than any measured one. */
function rank(latency: Latency): number {
  return latency === 'below-threshold' ? Number.NEGATIVE_INFINITY : latency;
}

function sorted(latencies: Latency[]): Latency[] {
  if (latencies.length === 0) throw new Error('no keystrokes measured');
  return [...latencies].sort((a, b) => rank(a) - rank(b));
}

/** The middle keystroke; of two middle ones, the slower (no mean of a figure and '< 16'). */
export function medianLatency(latencies: Latency[]): Latency {
  const ordered = sorted(latencies);
  return ordered[Math.floor(ordered.length / 2)];
}

export function slowestLatency(latencies: Latency[]): Latency {
  const ordered = sorted(latencies);
  return ordered[ordered.length - 1];
}

/**
 * Interaction to Next Paint's rule for many interactions: the slowest, leaving out one for every
 * 50 (https://web.dev/articles/inp).
 */
export function inpLatency(latencies: Latency[]): Latency {
  const ordered = sorted(latencies);
  const skipped = Math.min(Math.floor(latencies.length / 50), ordered.length - 1);
  return ordered[ordered.length - 1 - skipped];
}

/**
 * The figure a budget is checked against: a key under the threshold counts at the threshold, its
 * upper bound, so it can never look faster than it may have been.
 */
export function latencyUpperBound(latency: Latency): number {
  return latency === 'below-threshold' ? EVENT_TIMING_THRESHOLD_MS : latency;
}

export function formatLatency(latency: Latency): string {
  return latency === 'below-threshold' ? `< ${EVENT_TIMING_THRESHOLD_MS}` : String(latency);
}

/** How many times slower than the floor; '≥' when the floor was under the threshold. */
export function latencyRatio(measured: Latency, floor: Latency): string {
  if (measured === 'below-threshold') {
    return floor === 'below-threshold'
      ? 'both under the threshold'
      : `< ${formatRatio(EVENT_TIMING_THRESHOLD_MS / floor)}`;
  }
  if (floor === 'below-threshold') return `> ${formatRatio(measured / EVENT_TIMING_THRESHOLD_MS)}`;
  return formatRatio(measured / floor);
}

function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}
