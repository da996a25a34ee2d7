/**
 * RFC 3339 timestamps. Firestore keeps microseconds ("any additional precision is rounded
 * down") and accepts any offset on input; output is always Z-normalized.
 */
import { invalidArgument } from './errors';

/** Microseconds since the Unix epoch; a Number is exact over Firestore's range (years 1–9999). */
export type Micros = number;

const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(text: string, where: string): Micros {
  const match = PATTERN.exec(text);
  if (!match)
    throw invalidArgument(`Invalid value at '${where}': "${text}" is not an RFC 3339 timestamp.`);
  const [, y, mo, d, h, mi, s, fraction = '', offset] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  // A round trip catches impossible dates such as February 30th.
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    date.getUTCHours() !== Number(h) ||
    date.getUTCMinutes() !== Number(mi)
  ) {
    throw invalidArgument(`Invalid value at '${where}': "${text}" is not a valid date and time.`);
  }
  let seconds = date.getTime() / 1000;
  if (offset !== 'Z' && offset !== 'z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    seconds -= sign * (Number(offset.slice(1, 3)) * 3600 + Number(offset.slice(4, 6)) * 60);
  }
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw invalidArgument(`Invalid value at '${where}': "${text}" is outside years 0001-9999.`);
  }
  return seconds * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** Z-normalized with 0, 3 or 6 fractional digits, as proto3 JSON prints a Timestamp. */
export function formatTimestamp(micros: Micros): string {
  const fraction = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  const seconds = (micros - fraction) / 1_000_000;
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  const base = `${String(year).padStart(4, '0')}-${date.toISOString().slice(5, 19)}`;
  if (fraction === 0) return `${base}Z`;
  if (fraction % 1000 === 0) return `${base}.${String(fraction / 1000).padStart(3, '0')}Z`;
  return `${base}.${String(fraction).padStart(6, '0')}Z`;
}

/** Server times (createTime, updateTime, readTime, commitTime) always show microseconds. */
export function formatServerTime(micros: Micros): string {
  const text = formatTimestamp(micros);
  const dot = text.indexOf('.');
  if (dot === -1) return `${text.slice(0, -1)}.000000Z`;
  return `${text.slice(0, dot + 1)}${text.slice(dot + 1, -1).padEnd(6, '0')}Z`;
}

let last: Micros = 0;

/** Strictly increasing, so every commit gets its own updateTime, as in Firestore. */
export function nextServerTime(): Micros {
  const now = wallClockMicros();
  last = now > last ? now : last + 1;
  return last;
}

/** The current time without advancing the commit clock (readTime of a query). */
export function currentTime(): Micros {
  return Math.max(wallClockMicros(), last);
}

/** performance.now() gives sub-millisecond resolution, so times carry real microseconds. */
function wallClockMicros(): Micros {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}
