/**
 * The feed's query, written once. No imports and no env: vite.config.ts reads it at build time to
 * write the first page's query into index.html.
 */

/** Posts per page (spec §9). */
export const PAGE_SIZE = 35;

/**
 * The fields of a post a card shows: every field but the thread (`comments`, up to 400 of them),
 * which a card reads only when the reader opens it. Pages, permalinks and the live re-reads of
 * closed threads ask for these alone (a field mask), so a page weighs the same whatever its posts'
 * comments; `commentCount` and `cardComments` stand in for the thread
 * (shared/posts/commentSummary.ts). A field added to posts is added here, or no page shows
 * it (src/features/comments/data/post.test.ts).
 */
export const POST_CARD_FIELDS = [
  'title',
  'content',
  'imageUrl',
  'link',
  'created',
  'status',
  'closed',
  'deal',
  'pinned',
  'commentCount',
  'cardComments',
  'moreComments',
] as const;

/** A runQuery's `select`: the card's fields only. */
const CARD_PROJECTION = { fields: POST_CARD_FIELDS.map((fieldPath) => ({ fieldPath })) };

/** The card's fields of every post, newest first, then by id: deals' and search's lists. */
const NEWEST_FIRST = {
  select: CARD_PROJECTION,
  from: [{ collectionId: 'posts' }],
  orderBy: [
    { field: { fieldPath: 'created' }, direction: 'DESCENDING' },
    { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
  ],
};

/**
 * A page of a list of posts (a deal's, a search's) in Firestore's REST form (a runQuery body):
 * newest first, then by id, the card's fields only. One more than a page tells whether a next page
 * exists, so Load More never shows an empty one.
 */
export const POSTS_PAGE_QUERY = { structuredQuery: { ...NEWEST_FIRST, limit: PAGE_SIZE + 1 } };

/**
 * The feed's first page: the club's pinned post first, then the newest, so one request brings
 * both (a second one beside it delayed a phone's first paint: docs/performance.md). Every post has
 * `pinned`, true on one at most (firestore.rules; `npm run comments:migrate` gives it to posts of
 * earlier versions): a query leaves out posts without the field it orders by. A pin counts in
 * the page of 35; one more than a page says whether a next one exists. index.html's inline script
 * sends it before any module loads.
 */
export const FIRST_PAGE_QUERY: {
  structuredQuery: typeof NEWEST_FIRST & {
    limit: number;
    startAt?: { values: Record<string, unknown>[]; before: boolean };
  };
} = {
  structuredQuery: {
    ...NEWEST_FIRST,
    orderBy: [{ field: { fieldPath: 'pinned' }, direction: 'DESCENDING' }, ...NEWEST_FIRST.orderBy],
    limit: PAGE_SIZE + 1,
  },
};

/** The <meta> of index.html that carries firstPageRequest(), filled at build time. */
export const FIRST_PAGE_REQUEST_META = 'feed-first-page-request';

/**
 * A REST read posted as the SDK posts it: text/plain, a simple request, so no CORS preflight. Its
 * `method`, `headers` and `body` are fetch()'s init as they are.
 */
export interface RestPost {
  url: string;
  method: 'POST';
  headers: { 'content-type': 'text/plain' };
  body: string;
}

/** `body` posted to `url`, as every REST read of the app is. */
export function restPost(url: string, body: unknown): RestPost {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(body),
  };
}

/**
 * The first page's request, built once for all who send or recognise it: the build writes it into
 * index.html (whose inline script sends it as written), the app's reader sends it when that
 * request failed, and the service worker keeps the answer of this request only. A kept copy is
 * found only while all three send the same bytes.
 */
export function firstPageRequest(runQueryUrl: string): RestPost {
  return restPost(runQueryUrl, FIRST_PAGE_QUERY);
}

/** The documents root of a project's default database, as REST paths and references name it. */
export function documentsRoot(projectId: string): string {
  return `projects/${projectId}/databases/(default)/documents`;
}

/**
 * The feed's page after `cursor` (the first page when null), in REST form: the posts not pinned
 * after it, one more than a page.
 */
export function pageQuery(
  cursor: { created: number; id: string } | null,
  projectId: string,
): typeof FIRST_PAGE_QUERY {
  if (!cursor) return FIRST_PAGE_QUERY;
  const { values } = afterPost(cursor, projectId);
  return {
    structuredQuery: {
      ...FIRST_PAGE_QUERY.structuredQuery,
      startAt: { values: [{ booleanValue: false }, ...values], before: false },
    },
  };
}

/**
 * Where a page in the order of posts (created, then id, both descending) starts: just after the
 * post `cursor` names, never at an offset (Firestore bills every document an offset skips).
 */
export function afterPost(
  cursor: { created: number; id: string },
  projectId: string,
): { values: Record<string, string>[]; before: boolean } {
  return {
    values: [
      { integerValue: String(cursor.created) },
      { referenceValue: `${documentsRoot(projectId)}/posts/${cursor.id}` },
    ],
    before: false,
  };
}

export interface RestSettings {
  projectId: string;
  apiKey: string;
  emulatorHost: string | null;
}

/** The REST methods the app reads with. */
export type RestMethod = 'runQuery' | 'batchGet' | 'runAggregationQuery';

/**
 * Where a REST method of the documents root (`runQuery`, `batchGet`), or of the document `parent`
 * ('posts/{id}': a query of its subcollections), is posted: the emulator when `emulatorHost` is
 * set, hosted Firestore otherwise.
 */
export function documentsMethodUrl(
  settings: RestSettings,
  method: RestMethod,
  parent?: string,
): string {
  const root = documentsRoot(settings.projectId);
  return restUrl(`${parent ? `${root}/${parent}` : root}:${method}`, settings);
}

/**
 * Where a runQuery is posted. The build writes it into index.html for the first page's request;
 * the app posts later pages there.
 */
export function runQueryUrl(settings: RestSettings): string {
  return documentsMethodUrl(settings, 'runQuery');
}

/** The <meta> of index.html that carries postRequest(), filled at build time. */
export const POST_REQUEST_META = 'feed-post-request';

/**
 * A permalink's post read by id (a GET: Firestore's documents.get, the card's fields only), its
 * address with `slot` where the percent-encoded id goes. index.html's inline script fills it from
 * the address before any module loads (the build writes it into a <meta>); postUrl fills it for the
 * app's own reads.
 */
export function postRequest(settings: RestSettings): { url: string; slot: string } {
  const slot = '{id}'; // braces: an id, percent-encoded, never holds them
  const mask = POST_CARD_FIELDS.map((field) => `mask.fieldPaths=${field}`);
  const path = `${documentsRoot(settings.projectId)}/posts/${slot}`;
  return { url: restUrl(path, settings, mask), slot };
}

/** Where one post's card fields are read (a GET). Any id character is percent-encoded. */
export function postUrl(id: string, settings: RestSettings): string {
  const { url, slot } = postRequest(settings);
  return url.replace(slot, () => encodeURIComponent(id));
}

/** Where one document of `collection` is read (a GET), its id percent-encoded. */
export function documentUrl(collection: string, id: string, settings: RestSettings): string {
  const path = `${documentsRoot(settings.projectId)}/${collection}/${encodeURIComponent(id)}`;
  return restUrl(path, settings);
}

/** `query`: `name=value` pairs of the query string, already encoded. */
function restUrl(resource: string, settings: RestSettings, query: string[] = []): string {
  const { emulatorHost: host, apiKey } = settings;
  if (!host) query = [...query, `key=${encodeURIComponent(apiKey)}`];
  const origin = host ? `http://${host}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/${resource}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}
