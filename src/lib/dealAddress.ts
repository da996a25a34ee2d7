/**
 * A deal's own feed is at `<app>/?deal=<id>`: the id read from the address and the link built for
 * it. Pure functions of their arguments (the page's location by default), so they test alone.
 */

export const DEAL_PARAM = 'deal';

/** The key of a history entry's state that keeps the full feed's scroll position (dealHistory.ts). */
export const FEED_SCROLL_KEY = 'feedScrollY';

/** The full feed's scroll position kept in the current history entry, if any. */
export function feedScrollY(state: unknown = history.state): number | null {
  const y: unknown =
    typeof state === 'object' && state !== null && FEED_SCROLL_KEY in state
      ? state[FEED_SCROLL_KEY]
      : null;
  return typeof y === 'number' ? y : null;
}

/** Whether `id` can name a deal (the rules' isDealId): anything else is never requested. */
export function isDealId(id: string): boolean {
  return id.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}

/** The `deal` parameter of the address, as written (the deal may not exist); null without one. */
export function dealParam(search: string = location.search): string | null {
  return new URLSearchParams(search).get(DEAL_PARAM);
}
