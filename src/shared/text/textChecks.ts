import { characterCount, utf8Bytes } from './text';

/**
 * The rules' checks of a text, for the forms: its caps and whether it shows anything. Apart from
 * LIMITS (../limits.ts) so that only the forms' lazy chunks carry them, not the first load.
 */
/** Within both caps, as the rules check them on the raw string. */
export function fitsLimits(text: string, maxChars: number, maxBytes: number): boolean {
  return characterCount(text) <= maxChars && utf8Bytes(text) <= maxBytes;
}

/** Why firestore.rules would refuse this text, or null when it would not. */
export function textProblem(
  text: string,
  maxChars: number,
  maxBytes: number,
): 'no visible text' | 'too long' | null {
  if (!hasVisibleCharacter(text)) return 'no visible text';
  return fitsLimits(text, maxChars, maxBytes) ? null : 'too long';
}

/**
 * The code points that draw nothing, as inclusive [first, last] ranges: the list firestore.rules'
 * hasVisibleCharacter() spells out (tests/config/limits.test.ts compares the two). White space and
 * controls, Default_Ignorable_Code_Point (reserved ranges included, so later format characters
 * are already in it), the blocks of marks that combine with anything, format controls, and the
 * blank letters and symbols (Hangul fillers, U+2800, U+1D159). Code points, not Unicode classes,
 * so the check does not change with the Unicode version of whichever regex engine runs it.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0, 0x20],
  [0x7f, 0xa0],
  [0xad, 0xad],
  [0x300, 0x36f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x20d0, 0x20ff],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d159, 0x1d159],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

/** The rules' pattern, built on first use (so a page that checks no text never builds it). */
let visible: RegExp | undefined;

/**
 * Something a reader would see: at least one code point outside INVISIBLE_RANGES, as
 * hasVisibleCharacter() in firestore.rules decides (every emoji, letter and symbol, however new).
 */
export function hasVisibleCharacter(text: string): boolean {
  if (!visible) {
    const hex = (code: number) => `\\u{${code.toString(16)}}`;
    const ranges = INVISIBLE_RANGES.map(([first, last]) =>
      first === last ? hex(first) : `${hex(first)}-${hex(last)}`,
    ).join('');
    visible = new RegExp(`[^${ranges}]`, 'u');
  }
  return visible.test(text);
}
