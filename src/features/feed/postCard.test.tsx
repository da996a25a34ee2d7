import { fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPost, seedPosts } from '../../../tests/support/app/firestore';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

beforeEach(resetApp);

describe('a post card', () => {
  it('shows content as text with its line breaks, never as HTML', async () => {
    const content = 'Line one\n\n<img src=x onerror=alert(1)><b>bold?</b>';
    await seedPosts([buildPost({ title: 'Markup', content })]);
    await renderApp();
    const card = screen.getByRole('article', { name: 'Markup' });
    const keep = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) };
    expect(within(card).getByText(content, keep)).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it("renders only http(s) links: 'Read more' opens a new tab safely; javascript: never reaches the DOM", async () => {
    await seedPosts([
      buildPost({ title: 'Safe', link: 'https://example.com/news/1' }),
      buildPost({ title: 'Unsafe', link: 'javascript:alert(1)', imageUrl: 'javascript:alert(2)' }),
    ]);
    await renderApp();
    const link = within(screen.getByRole('article', { name: 'Safe' })).getByRole('link', {
      name: /Read more/,
    });
    expect(link).toHaveAttribute('href', 'https://example.com/news/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const unsafe = screen.getByRole('article', { name: 'Unsafe' });
    expect(within(unsafe).queryByRole('link')).toBeNull();
    expect(within(unsafe).queryByRole('img')).toBeNull();
    expect(document.body.innerHTML).not.toContain('javascript:');
  });

  it('shows the picture with alt text, lazily after the first card, and hides it if it breaks', async () => {
    await seedPosts([
      buildPost({ title: 'First', imageUrl: '/images/signing-keeper.svg' }),
      buildPost({ title: 'Second', imageUrl: 'https://example.com/missing.png' }),
    ]);
    await renderApp();
    const first = within(screen.getByRole('article', { name: 'First' })).getByRole('img', {
      name: 'First',
    });
    expect(first).toHaveAttribute('loading', 'eager');
    const second = within(screen.getByRole('article', { name: 'Second' })).getByRole('img');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('width');
    expect(second).toHaveAttribute('height');
    fireEvent.error(second);
    expect(within(screen.getByRole('article', { name: 'Second' })).queryByRole('img')).toBeNull();
  });

  it('says when it was published: relative, with the exact time in <time>', async () => {
    const created = Date.now() - 3 * 3_600_000;
    await seedPosts([buildPost({ title: 'Timed', created })]);
    await renderApp();
    const card = screen.getByRole('article', { name: 'Timed' });
    const time = within(card).getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', new Date(created).toISOString());
    expect(time.getAttribute('title')).toMatch(/\d/);
  });
});
