import { isRecord } from '../../../shared/rest/restDecode';
import { listenToChanges } from '../../live';

/**
 * The marks of the last check of followed deals, by any tab of the site, in localStorage: every
 * tab's hidden checks space themselves from it, so tabs that take turns never check twice in one
 * pace, and each check reads on from where the last one (hidden or visible) stopped.
 */

const MARKS_KEY = 'transfer-feed.follow-checks';

/** The last check of any tab: when (this device's clock) and up to when it read (server, ms). */
export interface CheckMarks {
  at: number;
  to: number | null;
}

export function readMarks(): CheckMarks {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(MARKS_KEY) ?? 'null');
    if (isRecord(value) && typeof value.at === 'number') {
      return { at: value.at, to: typeof value.to === 'number' ? value.to : null };
    }
  } catch {
    // Blocked or malformed: as if never checked.
  }
  return { at: Number.NEGATIVE_INFINITY, to: null };
}

export function writeMarks(marks: CheckMarks): void {
  try {
    localStorage.setItem(MARKS_KEY, JSON.stringify(marks));
  } catch {
    // Storage blocked: each tab checks on its own pace.
  }
}

/**
 * A visible check of any tab (the page's live checks) marks the time and how far it read: the
 * hidden checks go on from it, reading nothing it read. Returns the function that stops marking.
 */
export function markVisibleChecks(): () => void {
  return listenToChanges(({ since }) => {
    const to = Date.parse(since);
    writeMarks({ at: Date.now(), to: Number.isNaN(to) ? readMarks().to : to });
  });
}
