import type { Post } from '../../../shared/posts/post';

/**
 * Spec §5: a case-insensitive substring match on title or content, over the posts given; and on
 * the deal status, the one field added to the spec's post. `alsoMatches` is text every post given
 * is about (a deal's feed passes the deal's name; '' for none): when it matches, every post does,
 * as it does for an empty query (every text includes '').
 */
export function searchPosts(
  posts: readonly Post[],
  query: string,
  alsoMatches: string,
): readonly Post[] {
  const needle = query.toLowerCase();
  if (alsoMatches.toLowerCase().includes(needle)) return posts;
  return posts.filter((post) => lowered(post).includes(needle));
}

// Lower-cased once per post object, not on every keystroke: posts are immutable values.
const cache = new WeakMap<Post, string>();

/**
 * The post's title, content and status ('' when it has none), lower-cased, one per line. A query
 * never holds a line break (a search box's value cannot), so it matches within one field only.
 */
function lowered(post: Post): string {
  let text = cache.get(post);
  if (text === undefined) {
    text = `${post.title}\n${post.content}\n${post.status ?? ''}`.toLowerCase();
    cache.set(post, text);
  }
  return text;
}
