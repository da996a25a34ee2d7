import { DEAL_PARAM, WINDOW_PARAM } from './dealAddress';

/**
 * What the address names, for the lazy code (the links, the strip, the deal page, the follow
 * alerts): apart from ./dealAddress.ts, whose module the first load carries whole. Pure functions
 * of their argument (the page's location by default).
 */

/** The `deal` parameter of the address, as written (the deal may not exist); null without one. */
export function dealParam(search: string = location.search): string | null {
  return new URLSearchParams(search).get(DEAL_PARAM);
}

/** Whether the address asks for the window's ins and outs (`?window`, with or without a value). */
export function windowParam(search: string = location.search): boolean {
  return new URLSearchParams(search).has(WINDOW_PARAM);
}

/** Whether `id` can name a deal (the rules' isDealId): anything else is never requested. */
export function isDealId(id: string): boolean {
  return id.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}
