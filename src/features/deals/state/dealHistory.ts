/**
 * The history entries of deals' feeds: opening a deal pushes one, 'All posts' goes back to the
 * full feed's (where the browser restores its scroll position). Loaded with the deals strip.
 */
import { DEAL_PARAM, dealParam } from '../data/dealAddress';

/** What this app keeps in a history entry's state. */
interface EntryState {
  /** How many entries back the full feed is, when this deal was reached from it on this page. */
  stepsFromFeed?: number;
}

function entryState(): EntryState {
  const state: unknown = history.state;
  return typeof state === 'object' && state !== null ? state : {};
}

/** The address moves to deal `id` as a new history entry (then show it). */
export function pushDeal(id: string): void {
  const onFeed = dealParam() === null;
  const before = entryState().stepsFromFeed;
  const steps = onFeed ? 1 : before === undefined ? undefined : before + 1;
  history.pushState({ stepsFromFeed: steps }, '', dealHref(id));
}

/**
 * Back to the full feed: as many entries back as it is when the deal was reached from it (then
 * popstate shows it); otherwise a new entry for it, returning true (then show it).
 */
export function leaveDeal(): boolean {
  const steps = entryState().stepsFromFeed;
  if (steps !== undefined) {
    history.go(-steps);
    return false;
  }
  history.pushState({}, '', import.meta.env.BASE_URL);
  return true;
}

/** The deal shown was opened from this page (not by loading its address). */
export function openedFromPage(): boolean {
  return entryState().stepsFromFeed !== undefined;
}

/** The address of a deal's feed: the app's base path, then `?deal=<id>`. */
export function dealHref(id: string, basePath: string = import.meta.env.BASE_URL): string {
  return `${basePath}?${DEAL_PARAM}=${encodeURIComponent(id)}`;
}
