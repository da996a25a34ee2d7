/**
 * What bench:hot-story and bench:hot-like share: Google's emulator behind the gate on their own
 * pair of ports with firestore.rules enforced, the clients closed and the engine stopped however a
 * run ends, and the figures' small helpers.
 */
import { availableParallelism, loadavg } from 'node:os';
import * as sdk from 'firebase/firestore/lite';
import { startFirestore, type Firestore } from '../../lib/emulators';
import { RULES_PATH } from '../../lib/stack';
import { HOST, HOT_STORY_PORTS, PROJECT_ID } from '../../lib/testPorts';
import { report } from '../web/report';
import { closeClients } from './fans';

/** Where the benches' clients reach the gate. */
export const EMULATOR = { host: HOST, port: HOT_STORY_PORTS.gate };

/** Runs `run` on a fresh engine (its exit code), printing the machine's load before it. */
export async function onFreshEngine(run: () => Promise<number>): Promise<number> {
  sdk.setLogLevel('silent'); // refusals the recipes recover from would each print a warning
  let firestore: Firestore | undefined;
  process.once('SIGINT', () => void firestore?.stop().finally(() => process.exit(130)));
  try {
    firestore = await startFirestore({
      host: HOST,
      port: HOT_STORY_PORTS.gate,
      enginePort: HOT_STORY_PORTS.engine,
      rulesPath: RULES_PATH,
      projectId: PROJECT_ID,
    });
    report('load-average-at-start', loadAverage());
    return await run();
  } finally {
    await closeClients();
    await firestore?.stop();
  }
}

/**
 * The machine's 1- and 5-minute load averages: the engine shares the cores with whatever else
 * runs, and a run that failed on a machine busy with other work says so.
 */
export function loadAverage(): string {
  const [one, five] = loadavg();
  return `${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min) on ${availableParallelism()} cores`;
}

/** The nearest-rank percentile. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

export function countsOf(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return countsText(counts);
}

export function countsText(counts: Map<string, number>): string {
  if (counts.size === 0) return 'none';
  return [...counts].map(([key, count]) => `${key} ${count}`).join(', ');
}
