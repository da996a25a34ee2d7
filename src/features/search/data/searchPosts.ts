import type { Post } from '../../posts/data/post';

/**
 * Spec §5: a case-insensitive substring match on title or content, over the posts given; and on
 * the deal status, the one field added to the spec's post. `alsoMatches` is text every post given
 * is about (a deal's feed passes the deal's name): when it matches, every post does.
 */
export function searchPosts(
  posts: readonly Post[],
  query: string,
  alsoMatches: string = '',
): readonly Post[] {
  if (query === '') return posts;
  const needle = query.toLowerCase();
  if (alsoMatches.toLowerCase().includes(needle)) return posts;
  return posts.filter((post) => {
    const { title, content, status } = lowered(post);
    return title.includes(needle) || content.includes(needle) || status.includes(needle);
  });
}

interface LoweredPost {
  title: string;
  content: string;
  /** '' when the post has none. */
  status: string;
}

// Lower-cased once per post object, not on every keystroke: posts are immutable values.
const cache = new WeakMap<Post, LoweredPost>();

function lowered(post: Post): LoweredPost {
  let entry = cache.get(post);
  if (!entry) {
    entry = {
      title: post.title.toLowerCase(),
      content: post.content.toLowerCase(),
      status: (post.status ?? '').toLowerCase(),
    };
    cache.set(post, entry);
  }
  return entry;
}
