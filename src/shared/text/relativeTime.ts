/*
 * Times in the feed's language (English, like every string of the spec), formatted by hand: the
 * first use of any Intl formatter costs a phone tens of milliseconds of ICU start-up, on the
 * critical path of the first paint.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS: [unit: string, size: number, previous: string, next: string][] = [
  ['year', 365 * DAY, 'last year', 'next year'],
  ['month', 30 * DAY, 'last month', 'next month'],
  ['week', 7 * DAY, 'last week', 'next week'],
  ['day', DAY, 'yesterday', 'tomorrow'],
  ['hour', HOUR, '', ''],
  ['minute', MINUTE, '', ''],
];

/** '3 hours ago', 'yesterday', 'last week', 'in 2 hours'… for `time` relative to `now` (ms). */
export function formatRelativeTime(time: number, now: number = Date.now()): string {
  const elapsed = time - now;
  for (const [unit, size, previous, next] of UNITS) {
    if (Math.abs(elapsed) < size) continue;
    // Rounded as before the sign is dropped (-3.5 days is '3 days ago', like Intl's).
    const count = Math.abs(Math.round(elapsed / size));
    if (count === 1 && (elapsed < 0 ? previous : next)) return elapsed < 0 ? previous : next;
    const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
    return elapsed < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return 'just now';
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The exact local time for the hover title: '15 June 2025 at 14:05'. */
export function formatExactTime(time: number): string {
  const date = new Date(time);
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const hours = String(date.getHours()).padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()} at ${hours}:${minutes}`;
}
