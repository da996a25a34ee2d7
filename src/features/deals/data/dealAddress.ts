/**
 * A deal's own feed is at `<app>/?deal=<id>` (features/deals/state/dealHistory.ts builds the link);
 * the window's ins and outs at `<app>/?window`. The first load reads them in useDealAddress; the
 * lazy code through ./addressParams.ts, which also says which ids can name a deal.
 */

export const DEAL_PARAM = 'deal';
export const WINDOW_PARAM = 'window';
