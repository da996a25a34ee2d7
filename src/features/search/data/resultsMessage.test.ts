import { describe, expect, it } from 'vitest';
import { toPost } from '../../../shared/posts/postDecode';
import { resultsMessage } from './resultsMessage';

const posts = (count: number) =>
  Array.from({ length: count }, (_, n) => toPost(`p${n}`, { title: 'T', content: 'C' }));
const more = { created: 1, id: 'p' };
type Shown = Parameters<typeof resultsMessage>[1];
const ready = (count: number, nextCursor: typeof more | null = null): Shown => ({
  status: 'ready',
  firstPage: false,
  posts: posts(count),
  nextCursor,
});

describe('resultsMessage', () => {
  it('says what is being searched while the first page loads', () => {
    const loading: Shown = { status: 'loading', firstPage: true, posts: [], nextCursor: null };
    expect(resultsMessage(' Lindqvist ', loading)).toBe('Searching all posts for “Lindqvist”…');
  });

  it('counts what was found, in the singular for one', () => {
    expect(resultsMessage('lindqvist', ready(12))).toBe('12 posts match “lindqvist”');
    expect(resultsMessage('lindqvist', ready(1))).toBe('1 post matches “lindqvist”');
    expect(resultsMessage('lindqvist', ready(0))).toBe('No posts match “lindqvist”');
  });

  it('says “so far” while a next page may hold more, with one word or several', () => {
    expect(resultsMessage('lindqvist', ready(35, more))).toBe(
      '35 posts match “lindqvist” so far: Load More searches older posts',
    );
    expect(resultsMessage('elias lindqvist', ready(3, more))).toBe(
      '3 posts match “elias lindqvist” so far: Load More searches older posts',
    );
    expect(resultsMessage('elias lindqvist', ready(0, more))).toBe(
      'No posts match “elias lindqvist” so far: Load More searches older posts',
    );
  });
});
