import { describe, expect, it } from 'vitest';
import { toPost } from '../../../shared/posts/postDecode';
import { searchPosts } from './searchPosts';

const posts = [
  toPost('1', { title: 'Quiroga signs', content: 'A midfielder arrives.' }),
  toPost('2', { title: 'Loan move', content: 'Tomás QUIROGA goes on loan.' }),
  toPost('3', { title: 'Medical', content: 'Passed.' }),
  toPost('4', { title: 'Keeper', content: 'A fee is close.', status: 'Bid made' }),
];

describe('searchPosts', () => {
  it('matches title or content, ignoring case', () => {
    expect(searchPosts(posts, 'qUIROGA', '').map((post) => post.id)).toEqual(['1', '2']);
    expect(searchPosts(posts, 'medical', '').map((post) => post.id)).toEqual(['3']);
    expect(searchPosts(posts, 'ARRIVES', '').map((post) => post.id)).toEqual(['1']);
  });

  it('is a substring match, not a word match', () => {
    expect(searchPosts(posts, 'iroga s', '').map((post) => post.id)).toEqual(['1']);
  });

  it('matches within one field, never across the end of one and the start of the next', () => {
    expect(searchPosts(posts, 'signs a', '')).toEqual([]);
    expect(searchPosts(posts, 'signsa', '')).toEqual([]);
  });

  it('returns every post for an empty query and none for no match', () => {
    expect(searchPosts(posts, '', '')).toBe(posts);
    expect(searchPosts(posts, 'no such transfer', '')).toEqual([]);
  });

  it('sees edited content (posts are replaced, not mutated)', () => {
    const edited = [{ ...posts[2], content: 'Quiroga failed it' }];
    expect(searchPosts(edited, 'quiroga', '')).toHaveLength(1);
  });

  it('matches the deal status too, ignoring case', () => {
    expect(searchPosts(posts, 'BID MADE', '').map((post) => post.id)).toEqual(['4']);
    expect(searchPosts(posts, 'id ma', '').map((post) => post.id)).toEqual(['4']);
    const withdrawn = [{ ...posts[3], status: undefined }];
    expect(searchPosts(withdrawn, 'bid made', '')).toEqual([]);
  });
});
