import { idOf, isRecord, restDocument, type RestDocument } from './restDecode';

/**
 * The decoder of batchGet answers (live checks' posts, the strip's deals): never on the first load.
 */
/** A batchGet answer: the documents found, decoded, and the ids of those that do not exist. */
export interface BatchGot<T> {
  found: T[];
  missing: string[];
}

export function decodeBatch<T>(json: unknown, decode: (document: RestDocument) => T): BatchGot<T> {
  if (!Array.isArray(json)) throw new Error('batchGet: expected an array of results');
  const got: BatchGot<T> = { found: [], missing: [] };
  for (const entry of json) {
    if (!isRecord(entry)) continue;
    const document = restDocument(entry.found);
    if (document) got.found.push(decode(document));
    else if (typeof entry.missing === 'string') got.missing.push(idOf(entry.missing));
  }
  return got;
}
