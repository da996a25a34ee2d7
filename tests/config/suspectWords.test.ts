/**
 * The suspect words are found alike by the page and by firestore.rules (foldedForReview,
 * hasSuspectWord): the rules cannot decompose Unicode, so they list the accented Latin letters
 * and what each folds to; the page folds as the search does (foldText). Checked here: the rules'
 * list folds every letter as foldText does and leaves none out, and everything the rules drop
 * inside a word the page drops too. So a comment the rules would hold, the page holds first (it
 * never sends a comment the rules refuse for a word).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/shared/posts/postWords';
import {
  MAX_SUSPECT_WORDS,
  holdReason,
  reviewedWords,
  suspectWordsIn,
} from '../../src/features/comments/data/review';

const RULES = readFileSync('firestore.rules', 'utf8');

/** The body of foldedForReview() in firestore.rules. */
function foldedForReview(): string {
  const match =
    /function foldedForReview\(text\) \{\s*return text\.lower\(\)([\s\S]*?);\n\s*\}/.exec(RULES);
  if (!match) throw new Error('firestore.rules no longer has foldedForReview');
  return match[1];
}

/** Its replace calls, in order: the class (as the rules string writes it) and the replacement. */
function replaces(): [string, string][] {
  return [...foldedForReview().matchAll(/\.replace\('\[([^\]]+)\]', '([a-z]*)'\)/g)].map(
    ([, cls, by]) => [cls, by],
  );
}

const LATIN = [
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
] as const;

describe("the rules' fold of accented letters", () => {
  it('folds each letter it lists as the search folds it', () => {
    const [, ...letters] = replaces();
    expect(letters.length).toBeGreaterThan(20);
    const differ = letters.flatMap(([cls, by]) =>
      Array.from(cls).filter((letter) => foldText(letter) !== by),
    );
    expect(differ).toEqual([]);
  });

  it('lists every Latin letter the search folds to other Latin letters', () => {
    const listed = new Set(
      replaces()
        .slice(1)
        .flatMap(([cls]) => Array.from(cls)),
    );
    const missing: string[] = [];
    for (const [first, last] of LATIN) {
      for (let code = first; code <= last; code += 1) {
        const letter = String.fromCodePoint(code);
        const folded = foldText(letter);
        if (folded !== letter && /^[a-z]+$/.test(folded) && !listed.has(letter)) {
          missing.push(letter);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('drops inside words only what the page drops too', () => {
    const drop = droppedClass();
    const ranges = [...drop.matchAll(/\\\\x\{([0-9A-F]+)\}(?:-\\\\x\{([0-9A-F]+)\})?/g)].map(
      ([, first, last]) => [parseInt(first, 16), parseInt(last ?? first, 16)] as const,
    );
    expect(ranges.length).toBeGreaterThan(10);
    const notDropped: string[] = [];
    for (const [first, last] of ranges) {
      for (let code = first; code <= last; code += 1) {
        const character = String.fromCodePoint(code);
        if (reviewedWords(`wo${character}rd`).has('word')) continue;
        notDropped.push(code.toString(16));
      }
    }
    expect(notDropped).toEqual([]);
  });
});

/** The first replace of foldedForReview: the characters it drops, as escaped \\x{…} ranges. */
function droppedClass(): string {
  const match = /\.replace\('\[((?:\\\\x\{[0-9A-F]+\}(?:-\\\\x\{[0-9A-F]+\})?)+)\]', ''\)/.exec(
    foldedForReview(),
  );
  if (!match)
    throw new Error('foldedForReview no longer starts by dropping a class of code points');
  return match[1];
}

describe("the club's list", () => {
  it('holds as many words in the app as the rules allow', () => {
    const match = /data\.words\.size\(\) <= (\d+)/.exec(RULES);
    if (!match) throw new Error('firestore.rules no longer caps the suspect words');
    expect(Number(match[1])).toBe(MAX_SUSPECT_WORDS);
  });
});

describe('a suspect word in a comment', () => {
  const review = { holdFirst: false, words: ['word', 'odegard'], approved: true };

  it('is found whole, whatever its case, accents, invisible characters or dots', () => {
    for (const text of ['WÖRD', 'a wo\u0308rd', 'w\u200Bord!', 'w.o.r.d', '(Ødegård)']) {
      expect(holdReason(text, review), text).toBe('suspect word');
    }
  });

  it('is not found inside a longer word, or in a clean comment', () => {
    for (const text of ['sword', 'words', 'wordy', 'a clean comment']) {
      expect(holdReason(text, review), text).toBeNull();
    }
    expect(suspectWordsIn('word and Ødegård', review.words)).toEqual(['word', 'odegard']);
  });

  it("holds an unapproved account's comment only while first comments are held", () => {
    expect(holdReason('hello', { holdFirst: true, words: [], approved: false })).toBe(
      'first comment',
    );
    expect(holdReason('hello', { holdFirst: true, words: [], approved: true })).toBeNull();
    expect(holdReason('hello', { holdFirst: false, words: [], approved: false })).toBeNull();
  });
});
