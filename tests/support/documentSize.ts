/**
 * Document storage size as Firestore documents it
 * (https://firebase.google.com/docs/firestore/storage-size): name size (each collection and
 * document ID as a string + 16) + fields + 32. Firestore refuses documents over 1 MiB.
 */
import type { Fields, Value } from '../../scripts/lib/restValue';

export const MAX_DOCUMENT_SIZE = 1_048_576;

/** `path` relative to `.../documents`, e.g. 'posts/abc'. */
export function documentSize(path: string, fields: Fields): number {
  return nameSize(path) + fieldsSize(fields) + 32;
}

function nameSize(path: string): number {
  let size = 16;
  for (const segment of path.split('/')) size += stringSize(segment);
  return size;
}

function fieldsSize(fields: Fields): number {
  let size = 0;
  for (const [name, value] of Object.entries(fields)) size += stringSize(name) + valueSize(value);
  return size;
}

function valueSize(value: Value): number {
  if ('stringValue' in value) return stringSize(value.stringValue);
  if ('integerValue' in value || 'doubleValue' in value || 'timestampValue' in value) return 8;
  if ('booleanValue' in value || 'nullValue' in value) return 1;
  if ('bytesValue' in value) return Buffer.byteLength(value.bytesValue, 'base64');
  if ('geoPointValue' in value) return 16;
  if ('referenceValue' in value) {
    const documents = value.referenceValue.indexOf('/documents/');
    return nameSize(value.referenceValue.slice(documents + '/documents/'.length));
  }
  if ('arrayValue' in value) {
    let size = 0;
    for (const item of value.arrayValue.values ?? []) size += valueSize(item);
    return size;
  }
  return fieldsSize(value.mapValue.fields ?? {});
}

function stringSize(text: string): number {
  return Buffer.byteLength(text, 'utf8') + 1;
}
