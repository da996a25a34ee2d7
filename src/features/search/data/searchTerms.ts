import type { Post } from '../../../shared/posts/post';
import { WORD_LIMITS } from '../../../shared/wordLimits';
import { wordPrefix, wordsOf } from '../../../shared/posts/postWords';

/**
 * What a search of every post looks for: the typed words, folded as the posts' words are
 * (postWords.ts), each once, less any that another typed word starts with ('lin lindqvist' is
 * 'lindqvist'). Empty when nothing typed is long enough to search.
 */
export function searchTerms(query: string): string[] {
  const typed = [...new Set(wordsOf(query))];
  return typed.filter((term) => !typed.some((other) => other !== term && other.startsWith(term)));
}

/**
 * The one term Firestore matches (`array-contains`): the longest, which is the most selective, cut
 * to the longest prefix a post keeps. The others are checked on each page as it arrives
 * (matchesTerms).
 */
export function queriedTerm(terms: readonly string[]): string {
  const longest = terms.reduce(
    (best, term) => (Array.from(term).length > Array.from(best).length ? term : best),
    '',
  );
  return wordPrefix(longest, WORD_LIMITS.chars);
}

/** Whether, for every term, a word of the post's title or content starts with it. */
export function matchesTerms(post: Pick<Post, 'title' | 'content'>, terms: readonly string[]) {
  const words = wordsOf(`${post.title}\n${post.content}`);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
