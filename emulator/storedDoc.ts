import type { Document, Fields, Value } from './model';
import type { Micros } from './time';

/** A document as the store keeps it: canonical values, times in microseconds. Never mutated. */
export interface StoredDoc {
  /** Relative to `.../documents`, e.g. 'posts/abc'. */
  path: string;
  /** The full resource name. */
  name: string;
  /** `{referenceValue: name}`, kept so ordering by __name__ allocates nothing. */
  ref: Value;
  fields: Fields;
  createTime: Micros;
  updateTime: Micros;
  /** The same times as RFC 3339 text, formatted once per commit rather than on every read. */
  createTimeText: string;
  updateTimeText: string;
}

export function toDocument(doc: StoredDoc, fields: Fields = doc.fields): Document {
  // matches Firestore: a document without fields has no `fields` member.
  const hasFields = Object.keys(fields).length > 0;
  return {
    name: doc.name,
    ...(hasFields ? { fields } : {}),
    createTime: doc.createTimeText,
    updateTime: doc.updateTimeText,
  };
}
