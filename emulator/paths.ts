/** Resource names: projects/{project}/databases/{database}/documents/{collection}/{id}/... */
import { assertArgument, invalidArgument } from './errors';

export interface DatabaseId {
  project: string;
  database: string;
}

export function databaseRoot(db: DatabaseId): string {
  return `projects/${db.project}/databases/${db.database}/documents`;
}

export function documentName(db: DatabaseId, path: string): string {
  return `${databaseRoot(db)}/${path}`;
}

/** Splits a full document name into its path relative to `.../documents`, checking the database. */
export function parseDocumentName(name: string, db: DatabaseId, where: string): string {
  const root = `${databaseRoot(db)}/`;
  if (!name.startsWith(root)) {
    throw invalidArgument(
      `Invalid value at '${where}': "${name}" is not a document in ${databaseRoot(db)}.`,
    );
  }
  const path = name.slice(root.length);
  validateDocumentPath(path, where, name);
  return path;
}

export function validateDocumentPath(path: string, where: string, shown = path): void {
  const segments = path.split('/');
  assertArgument(
    segments.length % 2 === 0,
    `Invalid value at '${where}': "${shown}" is a collection, not a document (it needs an even number of segments).`,
  );
  segments.forEach((segment) => validateId(segment, where));
}

/** matches Firestore: IDs are non-empty, at most 1,500 bytes, not '.', '..' or '__.*__'. */
export function validateId(id: string, where: string): void {
  assertArgument(id !== '', `Invalid value at '${where}': a path segment is empty.`);
  assertArgument(
    id !== '.' && id !== '..',
    `Invalid value at '${where}': the ID "${id}" is not allowed.`,
  );
  assertArgument(
    !/^__.*__$/.test(id),
    `Invalid value at '${where}': resource id "${id}" is invalid because it is reserved.`,
  );
  assertArgument(
    Buffer.byteLength(id) <= 1500,
    `Invalid value at '${where}': an ID is longer than 1,500 bytes.`,
  );
}

export function parentCollection(documentPath: string): string {
  return documentPath.slice(0, documentPath.lastIndexOf('/'));
}

export function documentId(documentPath: string): string {
  return documentPath.slice(documentPath.lastIndexOf('/') + 1);
}
