import { WORD_LIMITS } from '../wordLimits';

/**
 * The words a post is found by when every post is searched (not only the loaded ones). Firestore
 * has no full-text search, but one `array-contains` matches one entry of a list kept on each post:
 * the list holds every prefix (of 2 characters or more) of every word of the title and content,
 * folded (case and accents gone), so 'lindq' finds 'Lindqvist' and 'muller' finds 'Müller'. The
 * one derivation of that list: the administrator's writes, the seed and the backfill use it, and
 * the search folds what is typed the same way. Pure, so node tools use it too.
 */

/** Typed words shorter than this are not searched (and no shorter prefix is kept). */
export const MIN_TERM_CHARS = 2;

/** Letters NFKD leaves whole, spelled as a reader without them on the keyboard types them. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};
const SPELLED_LETTERS = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'gu');

/**
 * Text as it is searched: compatibility-decomposed (NFKD: 'é' is 'e' and a combining accent, 'ﬁ'
 * is 'fi'), combining marks dropped, lower-cased, and the letters that do not decompose (ß, ø, æ…)
 * spelled out, so 'Ødegård', 'ODEGARD' and 'odegard' are one word.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(SPELLED_LETTERS, (letter) => SPELLED[letter] ?? letter);
}

/**
 * The folded words of `text`, in order, repeats kept: runs of letters and digits of at least
 * MIN_TERM_CHARS characters (anything else, an apostrophe or a hyphen too, separates words:
 * "N'Golo" is 'golo', 'Asante-Boateng' is 'asante' and 'boateng').
 */
export function wordsOf(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => Array.from(word).length >= MIN_TERM_CHARS,
  );
}

/** `word`'s first `length` code points (never half of a surrogate pair). */
export function wordPrefix(word: string, length: number = WORD_LIMITS.chars): string {
  return Array.from(word).slice(0, length).join('');
}

/**
 * A post's `words`: every prefix from MIN_TERM_CHARS to WORD_LIMITS.chars code points of every
 * word of the title, then of the content, each once. Bounded as the rules bound it (at most
 * WORD_LIMITS.entries entries, WORD_LIMITS.bytes joined by spaces): the title's words come first
 * and a word goes in with all its prefixes or not at all, so a very long post is found by its
 * title and its first few hundred distinct words.
 */
export function postWords(title: string, content: string): string[] {
  const kept = new Set<string>();
  let bytes = -1; // the first entry has no space before it
  for (const word of [...wordsOf(title), ...wordsOf(content)]) {
    const letters = Array.from(word);
    const added: string[] = [];
    let addedBytes = 0;
    for (let length = MIN_TERM_CHARS; length <= letters.length; length += 1) {
      if (length > WORD_LIMITS.chars) break;
      const prefix = letters.slice(0, length).join('');
      if (kept.has(prefix)) continue;
      added.push(prefix);
      addedBytes += utf8Length(prefix) + 1;
    }
    if (kept.size + added.length > WORD_LIMITS.entries) break;
    if (bytes + addedBytes > WORD_LIMITS.bytes) break;
    for (const prefix of added) kept.add(prefix);
    bytes += addedBytes;
  }
  return [...kept];
}

const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
