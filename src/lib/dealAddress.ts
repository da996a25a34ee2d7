/**
 * A deal's own feed is at `<app>/?deal=<id>`: the id read from the address and the link built for
 * it. Pure functions of their arguments (the page's location by default), so they test alone.
 */

const DEAL_PARAM = 'deal';

/** The `deal` parameter of the address, as written (the deal may not exist); null without one. */
export function dealParam(search: string = location.search): string | null {
  return new URLSearchParams(search).get(DEAL_PARAM);
}

/** The address of a deal's feed: the app's base path, then `?deal=<id>`. */
export function dealHref(id: string, basePath: string = import.meta.env.BASE_URL): string {
  return `${basePath}?${DEAL_PARAM}=${encodeURIComponent(id)}`;
}
