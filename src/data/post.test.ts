import { describe, expect, it } from 'vitest';
import { toPost } from './post';

describe('toPost', () => {
  it('keeps the spec fields and nothing else', () => {
    const post = toPost('id1', {
      title: 'T',
      content: 'C',
      imageUrl: 'https://example.com/a.png',
      link: 'https://example.com',
      comments: [{ user: 'u@example.com', text: 'hi', date: 'd', extra: true }],
      created: 5,
      unexpected: 'ignored',
    });
    expect(post).toEqual({
      id: 'id1',
      title: 'T',
      content: 'C',
      imageUrl: 'https://example.com/a.png',
      link: 'https://example.com',
      comments: [{ user: 'u@example.com', text: 'hi', date: 'd' }],
      created: 5,
    });
  });

  it('fills what an older version left out', () => {
    expect(toPost('x', undefined)).toEqual({
      id: 'x',
      title: '',
      content: '',
      imageUrl: '',
      link: '',
      commentCount: null,
      cardComments: [],
      created: 0,
    });
    expect(toPost('x', { created: '1700000000000' }).created).toBe(1700000000000);
    expect(toPost('x', { comments: 'nope' })).toMatchObject({ commentCount: 0, cardComments: [] });
  });

  it('reads a deal status from the list, and anything else as no status', () => {
    expect(toPost('x', { status: 'Done deal' }).status).toBe('Done deal');
    for (const stored of ['done deal', 'Rumour ', '', 7, null, ['Talks'], { status: 'Talks' }]) {
      const post = toPost('x', { title: 'T', status: stored });
      expect(post, JSON.stringify(stored)).not.toHaveProperty('status');
      expect(post.title).toBe('T');
    }
  });
});
