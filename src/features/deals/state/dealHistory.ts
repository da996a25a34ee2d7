/**
 * The history entries of deals' feeds and the ins and outs: opening one pushes one, 'All posts'
 * goes back to the full feed's (where the browser restores its scroll position). Loaded with the deals strip.
 */
import { DEAL_PARAM, WINDOW_PARAM } from '../data/dealAddress';
import { dealParam, windowParam } from '../data/addressParams';

/** What this app keeps in a history entry's state. */
interface EntryState {
  /** How many entries back the full feed is, when this deal was reached from it on this page. */
  stepsFromFeed?: number;
}

function entryState(): EntryState {
  const state: unknown = history.state;
  return typeof state === 'object' && state !== null ? state : {};
}

/** The page shows deal `id`'s feed, as a new history entry. */
export function pushDeal(id: string): void {
  pushEntry(dealHref(id));
}

/** The page shows the window's ins and outs, as a new history entry. */
export function pushWindow(): void {
  pushEntry(windowHref());
}

/**
 * A new history entry at `href`, counting how many entries back the full feed is, then shown:
 * useDealAddress listens to popstate, and shows what the address names.
 */
function pushEntry(href: string): void {
  const onFeed = dealParam() === null && !windowParam();
  const before = entryState().stepsFromFeed;
  const steps = onFeed ? 1 : before === undefined ? undefined : before + 1;
  history.pushState({ stepsFromFeed: steps }, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * Back to the full feed: as many entries back as it is when the deal was reached from it (the
 * browser's popstate shows it); otherwise a new entry for it, shown.
 */
export function leaveDeal(): void {
  const steps = entryState().stepsFromFeed;
  if (steps !== undefined) {
    history.go(-steps);
    return;
  }
  history.pushState({}, '', import.meta.env.BASE_URL);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The deal shown was opened from this page (not by loading its address). */
export function openedFromPage(): boolean {
  return entryState().stepsFromFeed !== undefined;
}

/** The address of a deal's feed: the app's base path, then `?deal=<id>`. */
export function dealHref(id: string, basePath: string = import.meta.env.BASE_URL): string {
  return `${basePath}?${DEAL_PARAM}=${encodeURIComponent(id)}`;
}

/** The address of the window's ins and outs: the app's base path, then `?window`. */
export function windowHref(basePath: string = import.meta.env.BASE_URL): string {
  return `${basePath}?${WINDOW_PARAM}`;
}
