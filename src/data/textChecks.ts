import { characterCount, utf8Bytes } from '../lib/text';

/**
 * The rules' checks of a text, for the forms: its caps and whether it shows anything. Apart from
 * LIMITS (./limits.ts) so that only the forms' lazy chunks carry them, not the first load.
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
 * Letters and symbols that draw nothing: the Hangul fillers (the Default_Ignorable code points
 * among letters, numbers, punctuation and symbols), the blank Braille pattern and the musical
 * null notehead. firestore.rules lists the same (tests/config/limits.test.ts compares them).
 */
export const BLANK_CHARACTERS: readonly number[] = [
  0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x1d159,
];

/** The rules' pattern, built on first use (so a page that checks no text never builds it). */
let visible: RegExp | undefined;

/**
 * Something a reader would see: at least one letter, number, punctuation mark or symbol that is
 * not blank (a positive class, as hasVisibleCharacter() in firestore.rules): a letter or symbol
 * that is not blank, or a number or punctuation mark.
 */
export function hasVisibleCharacter(text: string): boolean {
  if (!visible) {
    const blanks = BLANK_CHARACTERS.map((code) => `\\u{${code.toString(16)}}`).join('');
    visible = new RegExp(`[^\\P{L}${blanks}]|[^\\P{S}${blanks}]|[\\p{N}\\p{P}]`, 'u');
  }
  return visible.test(text);
}
