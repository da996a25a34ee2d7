/**
 * A deal's own feed is at `<app>/?deal=<id>`: the id read from the address
 * (features/deals/state/dealHistory.ts builds the link). Pure functions of their arguments (the
 * page's location by default).
 */

export const DEAL_PARAM = 'deal';

/** Whether `id` can name a deal (the rules' isDealId): anything else is never requested. */
export function isDealId(id: string): boolean {
  return id.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}

/** The `deal` parameter of the address, as written (the deal may not exist); null without one. */
export function dealParam(search: string = location.search): string | null {
  return new URLSearchParams(search).get(DEAL_PARAM);
}
