import { characterCount, utf8Bytes } from '../lib/text';

/**
 * The limits firestore.rules enforces, mirrored so the UI stops where the server would refuse.
 * The rules decide; tests/config/limits.test.ts reads firestore.rules and checks every number.
 * Characters are code points (as the rules' `size()` counts them), bytes are UTF-8.
 */
export const LIMITS = {
  titleChars: 200,
  titleBytes: 800,
  contentChars: 20_000,
  contentBytes: 40_000,
  commentChars: 1000,
  commentBytes: 2000,
  commentDateBytes: 64,
  /** A comment's author is the signed-in e-mail address. */
  emailBytes: 254,
  urlBytes: 2048,
  commentsPerPost: 400,
  /** A post id leaves room for the comment-copy and report ids built on it. */
  postIdBytes: 1300,
  /** The most posts one list query may ask for. */
  queryLimit: 50,
  /** One comment per account per this many seconds, across all posts. */
  commentIntervalSeconds: 10,
} as const;

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

const BLANKS = BLANK_CHARACTERS.map((code) => `\\u{${code.toString(16)}}`).join('');

/** The rules' pattern: a letter or symbol that is not blank, or a number or punctuation mark. */
const VISIBLE = new RegExp(`[^\\P{L}${BLANKS}]|[^\\P{S}${BLANKS}]|[\\p{N}\\p{P}]`, 'u');

/**
 * Something a reader would see: at least one letter, number, punctuation mark or symbol that is
 * not blank (a positive class, as hasVisibleCharacter() in firestore.rules).
 */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}
