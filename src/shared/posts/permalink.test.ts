import { describe, expect, it } from 'vitest';
import { isPostId, permalinkPostId, permalinkTo } from './permalink';

describe('permalinkPostId', () => {
  it.each([
    ['?post=abc123', 'abc123'],
    ['?theme=dark&post=abc', 'abc'],
    ['?post=a%20b%3Ac', 'a b:c'],
    ['?post=a+b', 'a b'],
    ['?post=', ''],
    ['?post=a&post=b', 'a'],
  ])('%s → %j', (search, id) => {
    expect(permalinkPostId(search)).toBe(id);
  });

  it('is null without a post parameter', () => {
    expect(permalinkPostId('')).toBeNull();
    expect(permalinkPostId('?posts=abc')).toBeNull();
  });
});

describe('isPostId', () => {
  it.each(['abc', 'a b', 'ü-é_ß', '😀', 'x'.repeat(1500), '_x_', '__x'])('accepts %j', (id) => {
    expect(isPostId(id)).toBe(true);
  });

  it.each(['', 'a/b', '/', '.', '..', '__x__', 'x'.repeat(1501), 'é'.repeat(751)])(
    'refuses %j',
    (id) => {
      expect(isPostId(id)).toBe(false);
    },
  );
});

describe('permalinkTo', () => {
  it('builds an absolute link from the origin and the base path', () => {
    expect(permalinkTo('abc', 'https://news.example.com', '/')).toBe(
      'https://news.example.com/?post=abc',
    );
    expect(permalinkTo('abc', 'https://example.com', '/club/news/')).toBe(
      'https://example.com/club/news/?post=abc',
    );
  });

  it('percent-encodes any character of the id, so the link reads back as the same id', () => {
    for (const id of ['a b', 'a&post=b', 'x?y#z', '100%', 'ü😀', 'a+b']) {
      const link = new URL(permalinkTo(id, 'http://localhost:5173', '/'));
      expect(link.pathname).toBe('/');
      expect(link.hash).toBe('');
      expect(permalinkPostId(link.search)).toBe(id);
    }
  });

  it("uses the page's own origin and the build's base path by default", () => {
    expect(permalinkTo('abc')).toBe(`${location.origin}/?post=abc`);
  });
});
