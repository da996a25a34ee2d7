import { describe, expect, it } from 'vitest';
import { summariseComments } from './commentList';
import { POST_CARD_FIELDS } from '../../../shared/posts/postsQuery';
import { toPost } from '../../../shared/posts/postDecode';

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
      commentCount: null,
      cardComments: [],
      moreComments: false,
      created: 5,
    });
  });

  it('reads the same post with or without its comments (POST_CARD_FIELDS leaves out nothing else)', () => {
    const comments = Array.from({ length: 12 }, (_, n) => ({
      user: 'u@x.test',
      text: `${n}`,
      date: 'd',
    }));
    const stored: Record<string, unknown> = {
      title: 'T',
      content: 'C',
      imageUrl: '',
      link: '',
      comments,
      ...summariseComments(comments),
      created: 5,
      status: 'Talks',
      closed: true,
      deal: 'mateo-arlanza',
    };
    const masked = Object.fromEntries(
      POST_CARD_FIELDS.flatMap((field) => (field in stored ? [[field, stored[field]]] : [])),
    );
    expect(toPost('p', masked)).toEqual(toPost('p', stored));
    expect(toPost('p', masked)).toMatchObject({ commentCount: 12, cardComments: [] });
  });

  it('takes the stored summary, not the comments, as the count: they are read apart', () => {
    const comment = { user: 'u@x.test', text: 'hi', date: 'd' };
    expect(
      toPost('p', { comments: [comment], commentCount: 1, cardComments: [comment] }),
    ).toMatchObject({ commentCount: 1, cardComments: [comment] });
    expect(toPost('p', { comments: [comment] })).toMatchObject({ commentCount: null });
  });

  it('takes a stored count only when it is a whole number', () => {
    for (const count of [1.5, '3', null]) {
      expect(toPost('p', { commentCount: count }).commentCount, String(count)).toBeNull();
    }
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
      moreComments: false,
      created: 0,
    });
    expect(toPost('x', { created: '1700000000000' }).created).toBe(1700000000000);
    expect(toPost('x', { cardComments: 'nope' })).toMatchObject({ cardComments: [] });
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
