/**
 * The feed's query, written once. No imports and no env: vite.config.ts reads it at build time to
 * write the first page's query into index.html.
 */

/** Posts per page (spec §9). */
export const PAGE_SIZE = 35;

/**
 * The first page in Firestore's REST form (a runQuery body): newest first, then by id. One more
 * than a page tells whether a next page exists, so Load More never shows an empty one. index.html's
 * inline script sends it before any module loads; the SDK asks the same for the pages after.
 */
export const FIRST_PAGE_QUERY = {
  structuredQuery: {
    from: [{ collectionId: 'posts' }],
    orderBy: [
      { field: { fieldPath: 'created' }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ],
    limit: PAGE_SIZE + 1,
  },
};

/** The <meta> of index.html that carries FIRST_PAGE_QUERY, filled at build time. */
export const FIRST_PAGE_QUERY_META = 'feed-first-page-query';
