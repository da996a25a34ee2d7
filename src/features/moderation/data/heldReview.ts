import { MAX_SUSPECT_WORDS, suspectWordsIn } from '../../comments/data/review';

/** What the club sees when what was typed as a suspect word is not one word. */
export const NOT_ONE_WORD = 'Enter one word, without spaces or punctuation.';

/**
 * Why a held comment waits, in the club's words: the suspect words it holds now, else that it is
 * an account's first comment (the only other reason the rules hold one).
 */
export function heldReasonText(text: string, words: readonly string[]): string {
  const found = suspectWordsIn(text, words);
  if (found.length === 0) return 'First comment';
  return `${found.length === 1 ? 'Suspect word' : 'Suspect words'}: ${found.join(', ')}`;
}

/**
 * Why `word` (what was typed, folded by suspectWord(); null when it was not one word) cannot join
 * the list `words`, or null when it can.
 */
export function suspectWordProblem(word: string | null, words: readonly string[]): string | null {
  if (word === null) return NOT_ONE_WORD;
  if (words.includes(word)) return `“${word}” is already a suspect word.`;
  if (words.length >= MAX_SUSPECT_WORDS) {
    return `The list is full: it holds at most ${MAX_SUSPECT_WORDS} words. Remove one to add another.`;
  }
  return null;
}
