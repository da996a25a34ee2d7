import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../lib/chromium';
import { assertPortFree, spawnManaged, waitForHttp } from '../../lib/processes';
import { untilMachineQuiet } from './quietMachine';

export interface LighthouseFigures {
  score: number;
  /** The other categories' scores (0 to 1), from the same run. */
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  clsValue: number;
  tbtMs: number;
  fcpMs: number;
  /** Bytes the visit downloaded in all, as transferred (the `total-byte-weight` audit). */
  totalBytes: number;
  /** Diagnostics: Lighthouse's CPU benchmark of this machine, main-thread work, the LCP element. */
  benchmarkIndex: number;
  mainThreadMs: number;
  bootupMs: number;
  lcpElement: string;
  /** The run's longest tasks, as Lighthouse's `long-tasks` audit saw them: where TBT comes from. */
  longTasks: string;
  /** How long the machine took to fall quiet before this visit began (quietMachine.ts). */
  quietWaitMs: number;
}

/**
 * A page to measure: its address, or a function that readies what it shows (the data behind it)
 * and gives its address, called before each of its visits.
 */
export type LighthouseTarget = string | (() => Promise<string>);

/**
 * Lighthouse's default (mobile) settings with simulated throttling, in a Chromium started here
 * with a debugging port; `runs` rounds, each navigating to every one of `urls` in turn (so pages
 * compared share the machine's load round for round), each visit with storage and cache reset by
 * Lighthouse, and begun once the machine is quiet. The figures of each url, in the order of `urls`.
 */
export async function runLighthouse(
  executablePath: string,
  urls: readonly LighthouseTarget[],
  debuggingPort: number,
  runs: number,
): Promise<LighthouseFigures[][]> {
  await assertPortFree('127.0.0.1', debuggingPort, 'Chromium debugging port');
  const profile = mkdtempSync(join(tmpdir(), 'transfer-feed-lighthouse-'));
  const chromium = spawnManaged('Chromium', executablePath, [
    ...CHROMIUM_ARGS,
    '--headless=new',
    `--remote-debugging-port=${debuggingPort}`,
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    'about:blank',
  ]);
  try {
    await waitForHttp(`http://127.0.0.1:${debuggingPort}/json/version`, chromium, 20_000);
    const figures = urls.map((): LighthouseFigures[] => []);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, url] of urls.entries()) {
        const address = typeof url === 'string' ? url : await url();
        const quietWaitMs = await untilMachineQuiet();
        figures[index].push({ ...(await measure(address, debuggingPort)), quietWaitMs });
      }
    }
    return figures;
  } finally {
    await chromium.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One Lighthouse run against the Chromium listening on debuggingPort. */
async function measure(
  url: string,
  debuggingPort: number,
): Promise<Omit<LighthouseFigures, 'quietWaitMs'>> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse did not measure ${id}`);
    return value;
  };
  return {
    score: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    bestPractices: lhr.categories['best-practices']?.score ?? 0,
    seo: lhr.categories.seo?.score ?? 0,
    lcpMs: numeric('largest-contentful-paint'),
    clsValue: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    totalBytes: numeric('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThreadMs: numeric('mainthread-work-breakdown'),
    bootupMs: numeric('bootup-time'),
    lcpElement: firstSnippet(lhr.audits['largest-contentful-paint-element']?.details) ?? '?',
    longTasks: longestTasks(lhr.audits['long-tasks']?.details),
  };
}

/**
 * The three longest tasks the `long-tasks` audit lists (its simulated times), as
 * "duration ms at start ms (script)", or 'none'.
 */
function longestTasks(details: unknown): string {
  const items: unknown[] =
    typeof details === 'object' && details !== null && 'items' in details
      ? Array.isArray(details.items)
        ? details.items
        : []
      : [];
  const tasks = items.flatMap((item) =>
    typeof item === 'object' &&
    item !== null &&
    'duration' in item &&
    typeof item.duration === 'number' &&
    'startTime' in item &&
    typeof item.startTime === 'number'
      ? [{ ...item, duration: item.duration, startTime: item.startTime }]
      : [],
  );
  const described = tasks
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map(({ duration, startTime, ...rest }) => {
      const url = 'url' in rest && typeof rest.url === 'string' ? rest.url : '';
      const script = url.slice(url.lastIndexOf('/') + 1) || 'unattributable';
      return `${Math.round(duration)} ms at ${Math.round(startTime)} ms (${script})`;
    });
  return described.join('; ') || 'none';
}

/** The first DOM node an audit's details name (as Lighthouse prints it: an HTML snippet). */
function firstSnippet(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  if ('snippet' in details && typeof details.snippet === 'string') return details.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return undefined;
}
