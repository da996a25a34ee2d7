import {
  documentData,
  idOf,
  restDocument,
  runQueryDocuments,
  type RestDocument,
} from '../rest/restDecode';
import { toPost, type Post } from './post';

/**
 * Decodes the JSON of a Firestore REST `runQuery` response into Posts, in the order the server
 * returned them: the one decoder of every page read (index.html's first request, then each
 * Load More through shared/posts/restReads.ts), ending in toPost().
 */
export function decodeRunQuery(json: unknown): Post[] {
  return runQueryDocuments(json).map(documentPost);
}

/** Decodes the JSON of a Firestore REST GET of one document (a `Document`) into a Post. */
export function decodeDocument(json: unknown): Post {
  const document = restDocument(json);
  if (!document) throw new Error('get: expected a document with a name');
  return documentPost(document);
}

/** A REST document as a Post: its id from the name, its fields decoded. */
export function documentPost(document: RestDocument): Post {
  return toPost(idOf(document.name), documentData(document));
}
