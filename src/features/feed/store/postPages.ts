import { config } from '../../../shared/config';
import type { Cursor, PostsPage } from '../../../shared/posts/page';
import { decodeFirstPage, decodePage } from '../../../shared/posts/postDecode';
import { pageQuery } from '../../../shared/posts/postsQuery';
import { postRest } from '../../../shared/posts/restReads';
import { takeFirstPageRequest } from './firstPage';

/**
 * The newest posts after `cursor`: created desc, then id desc; from the top when null, with the
 * pinned post (postsQuery FIRST_PAGE_QUERY).
 */
export async function listPosts(cursor: Cursor | null): Promise<PostsPage> {
  if (cursor === null) {
    const prefetched = takeFirstPageRequest();
    if (prefetched) {
      try {
        return await prefetched;
      } catch {
        // The prefetch failed or answered oddly: it was the first try, so asking again is a retry,
        // sent at once, and a failure then is reported properly.
        return readPage(cursor, 1);
      }
    }
  }
  return readPage(cursor);
}

/**
 * A page over Firestore's REST API, as index.html's first request reads it: the same query, the
 * same decoder, and no SDK to download for reading.
 */
function readPage(cursor: Cursor | null, tried?: number): Promise<PostsPage> {
  const decode = cursor === null ? decodeFirstPage : decodePage;
  return postRest('runQuery', pageQuery(cursor, config.firebase.projectId), decode, tried);
}
