/**
 * The search of every post in Firestore's REST form (a runQuery body), written once: the posts
 * whose `words` hold the term, in the feed's order, a page at a time after a cursor. Its composite
 * index (words array-contains, created descending) is declared in firestore.indexes.json
 * (tests/gate/indexesApp.test.ts runs it against the file).
 */
import type { Cursor } from '../../../shared/posts/page';
import { POSTS_PAGE_QUERY, PAGE_SIZE, afterPost } from '../../../shared/posts/postsQuery';

export function searchQuery(term: string, projectId: string, cursor: Cursor | null) {
  return {
    structuredQuery: {
      // A card's fields (neither the thread nor the words themselves), in the feed's order.
      ...POSTS_PAGE_QUERY.structuredQuery,
      where: {
        fieldFilter: {
          field: { fieldPath: 'words' },
          op: 'ARRAY_CONTAINS',
          value: { stringValue: term },
        },
      },
      // A page and no more (a search costs at most 35 reads): a full page may have more after it,
      // which Load More asks for (an empty answer bills one read).
      limit: PAGE_SIZE,
      ...(cursor && { startAt: afterPost(cursor, projectId) }),
    },
  };
}
