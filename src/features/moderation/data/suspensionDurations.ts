/** The lengths a suspension can be chosen for, with their labels in the Suspend dialog. */
export const DURATIONS = [
  ['day', '24 hours'],
  ['week', '7 days'],
  ['permanent', 'Permanently'],
] as const;
export type Duration = (typeof DURATIONS)[number][0];

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a suspension chosen at `now` ends, in milliseconds; null: never. */
export function untilFor(duration: Duration, now: number): number | null {
  if (duration === 'permanent') return null;
  return now + (duration === 'day' ? DAY_MS : 7 * DAY_MS);
}
