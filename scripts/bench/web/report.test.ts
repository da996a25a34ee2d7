import { afterEach, describe, expect, it, vi } from 'vitest';
import { budget, printTable, reportPairs, sideBySide, verdict } from './report';

function printed(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.flatMap((call) => String(call[0]).split('\n'));
}

describe('bench:web report', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('picks one figure of each feed', () => {
    const figures = { demo: { lcp: 1500 }, 'deadline-day': { lcp: 1550 } };
    expect(sideBySide(figures, (run) => run.lcp)).toEqual({ demo: 1500, 'deadline-day': 1550 });
  });

  it('prints each figure as a line a feed, then both in a table at the end', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const figures = {
      demo: { lcp: 1500, nodes: 818 },
      'deadline-day': { lcp: 1550, nodes: 50_341 },
    };
    reportPairs(figures, [
      ['lcp', (run) => run.lcp, 'ms'],
      ['dom-nodes', (run) => run.nodes],
    ]);
    printTable();
    const lines = printed(log);
    expect(lines.slice(0, 4)).toEqual([
      'demo/lcp: 1500 ms',
      'deadline-day/lcp: 1550 ms',
      'demo/dom-nodes: 818',
      'deadline-day/dom-nodes: 50341',
    ]);
    expect(lines.filter((line) => line.trim() !== '').slice(4)).toEqual([
      'figure     demo  deadline-day',
      'lcp (ms)   1500          1550',
      'dom-nodes   818         50341',
    ]);
  });

  it('counts a figure that could not be measured as a missed budget', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    budget('deadline-day/lcp-to-demo', Number.NaN, 'max', 1.05);
    budget('demo/lighthouse-seo (score)', 1, 'min', 1);
    expect(verdict(Date.now())).toBe(1);
    expect(printed(errors)).toEqual([
      'BUDGET MISSED: deadline-day/lcp-to-demo is NaN, must be at most 1.05',
    ]);
  });
});
