import type { Browser } from '@playwright/test';
import { report } from '../web/report';
import { openCounted, tallySince, type CountedPage, type Tally } from './countedPage';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** The page time every scenario runs for. */
export const SPAN = 10 * MINUTE;
/** The most reads a visible tab may make with nothing changing, so an idle fan costs little. */
export const VISIBLE_BUDGET = 300;

/** A figure over the span, as per hour. */
export function perHour(value: number): number {
  return value * (HOUR / SPAN);
}

interface Budget {
  name: string;
  value: number;
  limit: number;
}

const budgets: Budget[] = [];

/** A budget the figure must stay within (at most `limit`). */
export function atMost(name: string, value: number, limit: number): void {
  budgets.push({ name, value, limit });
}

/** Prints every budget and whether it was met; 0 when all were, else 1. */
export function checkBudgets(): number {
  // Written so that NaN (not measured) misses.
  const missed = budgets.filter((entry) => !(entry.value <= entry.limit));
  for (const entry of budgets) {
    const value = Number.isInteger(entry.value) ? entry.value : entry.value.toFixed(2);
    const met = entry.value <= entry.limit;
    report(`budget ${entry.name}`, `${value} (≤ ${entry.limit})`, met ? 'ok' : 'MISSED');
  }
  console.log(
    missed.length === 0 ? `budgets: all ${budgets.length} met` : `budgets: ${missed.length} missed`,
  );
  return missed.length === 0 ? 0 : 1;
}

export interface ScenarioOptions {
  /** What the tab does after its first load and before the span (signing in, opening…). */
  prepare?: (tab: CountedPage) => Promise<void>;
  /** Tabs of one browser, counted together. */
  tabs?: number;
  /** The budget of its reads per hour, if it has one. */
  limit?: number;
}

/** What a scenario's tab counted: its first load, that and `prepare`, and the span alone. */
export interface ScenarioTally {
  loaded: Tally;
  prepared: Tally;
  live: Tally;
}

/**
 * One fresh tab: its first load's reads (with what `prepare` does, such as signing in), then the
 * reads of `run` (10 minutes), as per hour.
 */
export async function scenario(
  browser: Browser,
  url: string,
  name: string,
  run: (tab: CountedPage) => Promise<void>,
  { prepare, tabs = 1, limit }: ScenarioOptions = {},
): Promise<ScenarioTally> {
  const tab = await openCounted(browser, url, tabs);
  try {
    const loaded = tab.tally();
    await prepare?.(tab);
    const prepared = tab.tally();
    await run(tab);
    const live = tallySince(tab.tally(), prepared);
    report(`live-${name}-first-load-reads`, prepared.reads, 'reads (once)');
    report(`live-${name}-reads-in-10-min`, live.reads, 'reads');
    report(`live-${name}-reads-per-hour`, perHour(live.reads), 'reads/h');
    if (limit !== undefined) atMost(`${name} reads/h`, perHour(live.reads), limit);
    return { loaded, prepared, live };
  } finally {
    await tab.close();
  }
}
