import { isRecord, toPost, type Post } from './post';

/**
 * Decodes the JSON of a Firestore REST `runQuery` response into Posts, in the order the server
 * returned them: the one decoder of every page read (index.html's first request, then each
 * Load More through feedStore), ending in toPost().
 */
export function decodeRunQuery(json: unknown): Post[] {
  return runQueryDocuments(json).map(({ name, fields }) =>
    toPost(idOf(name), decodeFields(fields)),
  );
}

/** A document of a REST answer: its full name and its fields, still in REST form. */
export interface RestDocument {
  name: string;
  fields: Record<string, unknown>;
}

/** The documents of a runQuery answer, in order. */
export function runQueryDocuments(json: unknown): RestDocument[] {
  if (!Array.isArray(json)) throw new Error('runQuery: expected an array of results');
  return json.flatMap((result: unknown) => {
    if (!isRecord(result)) return [];
    const document = restDocument(result.document);
    return document ? [document] : [];
  });
}

/**
 * The time a REST read was made at, as Firestore wrote it (every entry of an answer carries it,
 * an empty answer too); null when there is none. A change after it is newer than what was read.
 */
export function readTimeOf(json: unknown): string | null {
  if (!Array.isArray(json)) return null;
  for (const entry of json) {
    if (isRecord(entry) && typeof entry.readTime === 'string') return entry.readTime;
  }
  return null;
}

/** The stamp of a changed post (postChanges/{id}): which post, and when, as Firestore wrote it. */
export interface ChangeStamp {
  id: string;
  name: string;
  at: string;
}

/** The stamps of a runQuery over postChanges, in order; one without a timestamp is skipped. */
export function decodeChangeStamps(json: unknown): ChangeStamp[] {
  return runQueryDocuments(json).flatMap(({ name, fields }) => {
    const at = isRecord(fields.at) ? fields.at.timestampValue : undefined;
    return typeof at === 'string' ? [{ id: idOf(name), name, at }] : [];
  });
}

/** A batchGet answer: the posts found and the ids of those that do not exist. */
export function decodeBatchGet(json: unknown): { found: Post[]; missing: string[] } {
  if (!Array.isArray(json)) throw new Error('batchGet: expected an array of results');
  const found: Post[] = [];
  const missing: string[] = [];
  for (const entry of json) {
    if (!isRecord(entry)) continue;
    const document = restDocument(entry.found);
    if (document) found.push(toPost(idOf(document.name), decodeFields(document.fields)));
    else if (typeof entry.missing === 'string') missing.push(idOf(entry.missing));
  }
  return { found, missing };
}

function restDocument(value: unknown): RestDocument | null {
  if (!isRecord(value) || typeof value.name !== 'string') return null;
  return { name: value.name, fields: isRecord(value.fields) ? value.fields : {} };
}

/** The document id: the last segment of its name. */
function idOf(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
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
