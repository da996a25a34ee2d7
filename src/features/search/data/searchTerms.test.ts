import { describe, expect, it } from 'vitest';
import { matchesTerms, queriedTerm, searchTerms } from './searchTerms';

describe('searchTerms', () => {
  it('folds what is typed as the posts’ words are', () => {
    expect(searchTerms('  LINDQ ')).toEqual(['lindq']);
    expect(searchTerms('Müller')).toEqual(['muller']);
  });

  it('keeps each word once, less those another word starts with, and none under 2 letters', () => {
    expect(searchTerms('lin Lindqvist lindqvist norrvik')).toEqual(['lindqvist', 'norrvik']);
    expect(searchTerms('a b')).toEqual([]);
  });
});

describe('queriedTerm', () => {
  it('is the longest term, cut to the longest prefix a post keeps', () => {
    expect(queriedTerm(['ifk', 'lindqvist'])).toBe('lindqvist');
    expect(queriedTerm(['llanfairpwllgwyngyllgogery'])).toBe('llanfairpwllgwyngyll');
  });
});

describe('matchesTerms', () => {
  const post = { title: 'Elias Lindqvist signs', content: 'From IFK Norrvik, for £8m.' };
  it('needs a word starting with every term, in the title or the content', () => {
    expect(matchesTerms(post, ['lindq', 'norr'])).toBe(true);
    expect(matchesTerms(post, ['lindq', 'orrvik'])).toBe(false);
    expect(matchesTerms(post, ['8m'])).toBe(true);
  });
});
