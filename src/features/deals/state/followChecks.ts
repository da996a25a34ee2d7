import { openDealsOfNotificationClicks } from './dealAlerts';
import { holdCheckerLock } from './checkerLock';
import { markVisibleChecks } from './checkMarks';
import { openNewsChannel } from './dealNews';
import { rescheduleOnChanges, startHiddenChecks } from './hiddenChecks';

/**
 * Telling a fan that a followed deal moved (issue 31), also from a background tab.
 *
 * Visible: the page's own live checks (liveChecks.ts, every 30 s) find the posts that move a deal,
 * the strip reads that deal again (useDealsStrip) and tellMoved() compares it with the follows.
 * Nothing more is read.
 *
 * Hidden: the live checks stop (0 reads). With at least one followed deal, one tab of the site
 * (the holder of a Web Lock, so five tabs cost what one costs: ./checkerLock.ts) asks every
 * HIDDEN_CHECK_EVERY_MS which deals changed since the last check, by their `changed` stamps
 * (./hiddenChecks.ts). With nothing changed that query returns no document and costs one read, so
 * a hidden browser-hour costs at most 3,600,000 / 90,000 = 40 reads (the budget is 40), and none
 * at all with no follows. A change is read at the first check after it, within 90 s; browsers that
 * throttle a long-hidden tab's timers to once a minute run that check within 90 + 60 = 150 s: told
 * within the 2.5 minutes. A check while some tab of the site is visible is skipped: that
 * tab's live checks cover it (their marks, ./checkMarks.ts, space the hidden checks out).
 *
 * The tab that reads a move tells it: a notice in every open tab (BroadcastChannel) and one system
 * notification; the follows keep the status told, under a Web Lock, so it is told once
 * (./dealNews.ts).
 */

let running: (() => void) | null = null;
let users = 0;

/**
 * Starts the follows' checks and notices for this page (once, however many components ask);
 * returns the function that stops them when the last one is gone.
 */
export function startFollowChecks(): () => void {
  users += 1;
  running ??= run();
  return () => {
    users -= 1;
    if (users === 0) {
      running?.();
      running = null;
    }
  };
}

/** This page's part: its marks, its hidden checks once it holds the lock, its notices. */
function run(): () => void {
  let checker = false;
  const hidden = startHiddenChecks(() => checker);
  const stopMarking = markVisibleChecks();
  const stopRescheduling = rescheduleOnChanges(hidden.schedule);
  const releaseLock = holdCheckerLock(() => {
    checker = true;
    hidden.schedule();
  });
  const closeChannel = openNewsChannel();
  const stopClicks = openDealsOfNotificationClicks();
  hidden.schedule();
  return () => {
    hidden.stop();
    releaseLock();
    stopMarking();
    stopRescheduling();
    closeChannel();
    stopClicks();
  };
}
