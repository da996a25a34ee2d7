const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['week', 7 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '3 hours ago', 'yesterday', 'last week'… for a time in milliseconds, relative to `now`. */
export function formatRelativeTime(time: number, now: number = Date.now()): string {
  const elapsed = time - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return relative.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}

/** The exact time, in the reader's locale, for the hover title. */
export function formatExactTime(time: number): string {
  return new Date(time).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}
