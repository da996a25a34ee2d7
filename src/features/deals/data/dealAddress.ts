/**
 * A deal's own feed is at `<app>/?deal=<id>` (features/deals/state/dealHistory.ts builds the link);
 * the window's ins and outs at `<app>/?window`. The first load reads them in useDealAddress; the
 * lazy code through ./addressParams.ts.
 */

export const DEAL_PARAM = 'deal';
export const WINDOW_PARAM = 'window';

/** Whether `id` can name a deal (the rules' isDealId): anything else is never requested. */
export function isDealId(id: string): boolean {
  return id.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}
