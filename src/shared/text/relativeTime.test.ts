import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './relativeTime';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [NOW - 10_000, 'just now'],
    [NOW - MINUTE, '1 minute ago'],
    [NOW - HOUR, '1 hour ago'],
    [NOW - 5 * MINUTE, '5 minutes ago'],
    [NOW - 3 * HOUR, '3 hours ago'],
    [NOW - DAY, 'yesterday'],
    [NOW - 3 * DAY, '3 days ago'],
    [NOW - 8 * DAY, 'last week'],
    [NOW - 14 * DAY, '2 weeks ago'],
    [NOW - 35 * DAY, 'last month'],
    [NOW - 65 * DAY, '2 months ago'],
    [NOW - 400 * DAY, 'last year'],
    [NOW - 800 * DAY, '2 years ago'],
    [NOW + 2 * HOUR, 'in 2 hours'],
    [NOW + DAY, 'tomorrow'],
  ])('%i → %s', (time, expected) => {
    expect(formatRelativeTime(time, NOW)).toBe(expected);
  });

  it('agrees with Intl.RelativeTimeFormat (numeric: auto) across the range', () => {
    const reference = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units = [
      ['year', 365 * DAY],
      ['month', 30 * DAY],
      ['week', 7 * DAY],
      ['day', DAY],
      ['hour', HOUR],
      ['minute', MINUTE],
    ] as const;
    for (let elapsed = -3 * 365 * DAY; elapsed <= 3 * 365 * DAY; elapsed += 37 * MINUTE) {
      const match = units.find(([, size]) => Math.abs(elapsed) >= size);
      const expected = match
        ? reference.format(Math.round(elapsed / match[1]), match[0])
        : 'just now';
      expect(formatRelativeTime(NOW + elapsed, NOW), `${elapsed} ms`).toBe(expected);
    }
  });
});

describe('formatExactTime', () => {
  it('names the local day, month, year and time', () => {
    const time = new Date(2025, 5, 15, 14, 5).getTime();
    expect(formatExactTime(time)).toBe('15 June 2025 at 14:05');
    expect(formatExactTime(new Date(2024, 0, 1, 0, 0).getTime())).toBe('1 January 2024 at 00:00');
  });
});
