import { report } from './report';
import type { KeystrokeFigures, SearchKeystrokes } from './browser';
import {
  formatLatency,
  inpLatency,
  latencyRatio,
  medianLatency,
  slowestLatency,
  type Latency,
} from './stats';

/**
 * A search's keystrokes (each key's median over the rounds, its slowest and median) and the bare
 * input's beside it, names prefixed with `prefix`; the app's slowest and median key.
 */
export function reportSearch(
  prefix: string,
  keystrokes: SearchKeystrokes,
): { slowest: Latency; median: Latency } {
  const app = reportKeystrokes(`${prefix}search-keystroke`, keystrokes.app);
  const floor = reportKeystrokes(`${prefix}bare-input-keystroke`, keystrokes.floor);
  report(`${prefix}search-keystroke-max-to-floor`, latencyRatio(app.slowest, floor.slowest));
  report(`${prefix}search-keystroke-median-to-floor`, latencyRatio(app.median, floor.median));
  return app;
}

/**
 * One page's keystrokes: the slowest and the median of each key's median over the rounds, and,
 * over every keystroke of every round, the slowest and INP's figure (the slowest but one per 50).
 */
function reportKeystrokes(
  name: string,
  figures: KeystrokeFigures,
): { slowest: Latency; median: Latency } {
  const slowest = slowestLatency(figures.perKey);
  const middle = medianLatency(figures.perKey);
  const every = figures.rounds.flat();
  const typed = figures.keys.map((key) => (key === 'Backspace' ? '⌫' : key));
  report(`${name}-max`, formatLatency(slowest), 'ms');
  report(`${name}-median`, formatLatency(middle), 'ms');
  report(
    `${name}s-under-threshold`,
    `${every.filter((latency) => latency === 'below-threshold').length} of ${every.length}`,
  );
  report(`${name}-slowest-of-all-rounds`, formatLatency(slowestLatency(every)), 'ms');
  report(`${name}-inp`, formatLatency(inpLatency(every)), 'ms');
  report(
    `${name}-each`,
    figures.perKey.map((latency, index) => `${typed[index]}=${formatLatency(latency)}`).join(' '),
    'ms',
  );
  return { slowest, median: middle };
}
