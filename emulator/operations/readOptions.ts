/** What runQuery, runAggregationQuery and batchGet share: read options refused loudly. */
import { unimplemented } from '../errors';

/** The read options a request body may carry besides its own fields. */
export const READ_OPTION_KEYS = ['transaction', 'newTransaction', 'readTime'] as const;

/**
 * Refuses (501) what this emulator does not do: reads inside a server transaction (the Lite SDK
 * never sends them), reads at a past time, and query explain.
 */
export function rejectReadOptions(body: Record<string, unknown>): void {
  if (body.transaction !== undefined || body.newTransaction !== undefined)
    throw unimplemented('Transactions');
  if (body.readTime !== undefined) throw unimplemented('Reads at a past readTime');
  if (body.explainOptions !== undefined) throw unimplemented('Query explain (explainOptions)');
}
