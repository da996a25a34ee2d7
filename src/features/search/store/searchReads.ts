import { config } from '../../../shared/config';
import { PAGE_SIZE } from '../../../shared/posts/postsQuery';
import { postRest } from '../../../shared/posts/restReads';
import { type Cursor, type PostsPage } from '../../../shared/posts/page';
import { decodeRunQuery } from '../../../shared/posts/postDecode';
import { readTimeOf } from '../../../shared/rest/restDecode';
import { searchQuery } from '../data/searchQuery';
import { matchesTerms, queriedTerm } from '../data/searchTerms';

/**
 * A page of the search of every post: Firestore matches the longest term (one `array-contains`),
 * then the page keeps the posts that have the other terms too. The cursor is the last post
 * Firestore read, kept or not, so the next page starts after everything this one read.
 */
export async function searchPage(
  terms: readonly string[],
  cursor: Cursor | null,
): Promise<PostsPage> {
  const query = searchQuery(queriedTerm(terms), config.firebase.projectId, cursor);
  const page = await postRest('runQuery', query, decodeFullPage);
  if (terms.length < 2) return page;
  return { ...page, posts: page.posts.filter((post) => matchesTerms(post, terms)) };
}

/** A page read with limit PAGE_SIZE: when it is full, a next page may exist and starts after it. */
function decodeFullPage(json: unknown): PostsPage {
  const posts = decodeRunQuery(json);
  const last = posts.at(-1);
  return {
    posts,
    nextCursor: posts.length === PAGE_SIZE && last ? { created: last.created, id: last.id } : null,
    readTime: readTimeOf(json),
  };
}
