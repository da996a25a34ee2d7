import { isRecord, toPost, type Post } from './post';

/**
 * Decodes the JSON of a Firestore REST `runQuery` response into Posts, in the order the server
 * returned them: the one decoder of every page read (index.html's first request, then each
 * Load More through feedStore), ending in toPost().
 */
export function decodeRunQuery(json: unknown): Post[] {
  if (!Array.isArray(json)) throw new Error('runQuery: expected an array of results');
  return json.flatMap((result: unknown) => {
    const post = isRecord(result) ? toPostOrNull(result.document) : null;
    return post ? [post] : [];
  });
}

/** Decodes the JSON of a Firestore REST GET of one document (a `Document`) into a Post. */
export function decodeDocument(json: unknown): Post {
  const post = toPostOrNull(json);
  if (!post) throw new Error('get: expected a document with a name');
  return post;
}

function toPostOrNull(document: unknown): Post | null {
  if (!isRecord(document) || typeof document.name !== 'string') return null;
  const { name, fields } = document;
  return toPost(name.slice(name.lastIndexOf('/') + 1), decodeFields(fields));
}

function decodeFields(fields: unknown): Record<string, unknown> {
  if (!isRecord(fields)) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, decodeValue(value)]),
  );
}

/** One Firestore Value (REST JSON form) as plain JS. Types the app never stores decode to null. */
export function decodeValue(value: unknown): unknown {
  if (!isRecord(value)) return null;
  if (typeof value.stringValue === 'string') return value.stringValue;
  // int64 travels as a decimal string; post timestamps fit a double exactly.
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if (typeof value.booleanValue === 'boolean') return value.booleanValue;
  if (typeof value.timestampValue === 'string') return Date.parse(value.timestampValue);
  if (isRecord(value.arrayValue)) {
    const values = value.arrayValue.values;
    return Array.isArray(values) ? values.map(decodeValue) : [];
  }
  if (isRecord(value.mapValue)) return decodeFields(value.mapValue.fields);
  return null;
}
