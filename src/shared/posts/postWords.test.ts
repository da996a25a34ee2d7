import { describe, expect, it } from 'vitest';
import { WORD_LIMITS } from '../wordLimits';
import { foldText, postWords, wordsOf } from './postWords';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('foldText', () => {
  it('ignores case and accents', () => {
    expect(foldText('LINDQVIST')).toBe('lindqvist');
    expect(foldText('Müller Tomás Çelik Šťastný')).toBe('muller tomas celik stastny');
    expect(foldText('Muller')).toBe(foldText('MÜLLER'));
  });

  it('spells out the letters that do not decompose', () => {
    expect(foldText('Ødegård Weißenfeld Æsir Œuvre Łódź Þór Iğdır')).toBe(
      'odegard weissenfeld aesir oeuvre lodz thor igdir',
    );
    expect(foldText('STRAẞE')).toBe('strasse');
  });

  it('reads compatibility forms as their letters', () => {
    expect(foldText('ﬁnal ＦＣ')).toBe('final fc');
  });
});

describe('wordsOf', () => {
  it('splits on anything but letters and digits, and drops one-letter words', () => {
    expect(wordsOf("N'Golo Asante-Boateng, £25m (a 5-year deal)")).toEqual([
      'golo',
      'asante',
      'boateng',
      '25m',
      'year',
      'deal',
    ]);
  });
});

describe('postWords', () => {
  it('holds every prefix of every word, folded, each once', () => {
    const words = postWords('Müller signs', 'Müller is in.');
    expect(words).toEqual([
      'mu',
      'mul',
      'mull',
      'mulle',
      'muller',
      'si',
      'sig',
      'sign',
      'signs',
      'is',
      'in',
    ]);
  });

  it('finds what a reader types, whatever the case or accents', () => {
    const words = postWords('Elias Lindqvist joins', 'From IFK Norrvik to Ødegård.');
    for (const typed of ['lindqvist', 'LINDQVIST', 'Lindq', 'ifk', 'odegard', 'ØDEG']) {
      expect(words, typed).toContain(foldText(typed));
    }
  });

  it('cuts long words to their first characters', () => {
    const long = 'Llanfairpwllgwyngyllgogerychwyrndrobwll';
    const words = postWords(long, 'x');
    expect(Math.max(...words.map((word) => Array.from(word).length))).toBe(WORD_LIMITS.chars);
    expect(words).toHaveLength(WORD_LIMITS.chars - 1);
  });

  it('counts characters as code points, never cutting a pair in half', () => {
    const words = postWords('\u{20000}'.repeat(30), 'x');
    expect(words.at(-1)).toBe('\u{20000}'.repeat(WORD_LIMITS.chars));
    expect(words.every((word) => word.isWellFormed())).toBe(true);
  });

  it('stays within the rules’ bounds for the largest post, keeping the title’s words first', () => {
    const content = Array.from({ length: 3000 }, (_, n) => `word${n}x`).join(' ');
    const words = postWords('Lindqvist', content);
    expect(words.length).toBeLessThanOrEqual(WORD_LIMITS.entries);
    expect(bytes(words.join(' '))).toBeLessThanOrEqual(WORD_LIMITS.bytes);
    expect(words).toContain('lindqvist');
    // Whole words only: the last word kept has all its prefixes.
    const kept = words.filter((word) => word.startsWith('word'));
    expect(kept.length).toBeGreaterThan(0);
  });

  it('stays within the byte cap when the words are of 3-byte characters', () => {
    const content = Array.from({ length: 2000 }, (_, n) => '漢字'.repeat(10) + String(n)).join(' ');
    const words = postWords('漢字', content);
    expect(bytes(words.join(' '))).toBeLessThanOrEqual(WORD_LIMITS.bytes);
    expect(words.length).toBeLessThanOrEqual(WORD_LIMITS.entries);
    for (const word of words)
      expect(Array.from(word).length).toBeLessThanOrEqual(WORD_LIMITS.chars);
  });

  it('is empty for text without a word of two letters', () => {
    expect(postWords('!', 'a b c …')).toEqual([]);
  });
});
