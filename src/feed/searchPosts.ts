import type { Post } from '../data/post';

/** Spec §5: a case-insensitive substring match on title or content, over the posts given. */
export function searchPosts(posts: readonly Post[], query: string): readonly Post[] {
  if (query === '') return posts;
  const needle = query.toLowerCase();
  return posts.filter(
    (post) => lowered(post).title.includes(needle) || lowered(post).content.includes(needle),
  );
}

// Lower-cased once per post object, not on every keystroke: posts are immutable values.
const cache = new WeakMap<Post, { title: string; content: string }>();

function lowered(post: Post): { title: string; content: string } {
  let entry = cache.get(post);
  if (!entry) {
    entry = { title: post.title.toLowerCase(), content: post.content.toLowerCase() };
    cache.set(post, entry);
  }
  return entry;
}
