import { describe, expect, it } from 'vitest';
import { safeHttpUrl, toAbsoluteHttpUrl } from './safeUrl';

const BASE = 'https://feed.example/';

describe('safeHttpUrl', () => {
  it.each([
    'https://example.com/news/1',
    'http://example.com',
    '/images/signing-keeper.svg',
    'images/a.png',
    '//cdn.example.com/a.png',
  ])('keeps %s', (url) => {
    expect(safeHttpUrl(url, BASE)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    '\tjava\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    '',
    '   ',
    'http://',
  ])('refuses %j', (url) => {
    expect(safeHttpUrl(url, BASE)).toBeNull();
  });

  it('trims surrounding spaces and refuses very long URLs', () => {
    expect(safeHttpUrl('  https://example.com  ', BASE)).toBe('https://example.com');
    expect(safeHttpUrl(`https://example.com/${'a'.repeat(2048)}`, BASE)).toBeNull();
  });
});

describe('toAbsoluteHttpUrl', () => {
  it('resolves paths against the page and keeps absolute URLs', () => {
    expect(toAbsoluteHttpUrl('/images/a.svg', BASE)).toBe('https://feed.example/images/a.svg');
    expect(toAbsoluteHttpUrl('https://example.com/keeper', BASE)).toBe(
      'https://example.com/keeper',
    );
    expect(toAbsoluteHttpUrl(' https://example.com/a b ', BASE)).toBe('https://example.com/a%20b');
  });

  it('refuses what safeHttpUrl refuses', () => {
    expect(toAbsoluteHttpUrl('javascript:alert(1)', BASE)).toBeNull();
    expect(toAbsoluteHttpUrl('', BASE)).toBeNull();
  });
});
