/**
 * Firestore's REST (JSON) encoding of values and documents, as the v1 API sends them.
 * What the owner client, the seed and the benches write; see
 * https://firebase.google.com/docs/firestore/reference/rest/v1/Value
 */
export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  /** int64 as a decimal string (the API also accepts a JSON number on input). */
  | { integerValue: string | number }
  /** A JSON number, or the strings 'NaN', 'Infinity', '-Infinity'. */
  | { doubleValue: number | string }
  /** RFC 3339, up to nanosecond precision, e.g. '2026-01-02T03:04:05.123456789Z'. */
  | { timestampValue: string }
  | { stringValue: string }
  /** base64 */
  | { bytesValue: string }
  /** A full resource name: projects/{p}/databases/{d}/documents/{path}. */
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Record<string, Value> } };

export type Fields = Record<string, Value>;

export interface Document {
  /** projects/{project}/databases/{database}/documents/{path} */
  name: string;
  fields?: Fields;
  /** RFC 3339 timestamps */
  createTime?: string;
  updateTime?: string;
}
