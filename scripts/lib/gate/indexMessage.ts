/**
 * The refusal of a query that needs an index the file does not declare, worded as production
 * words it: FAILED_PRECONDITION (HTTP 400), "The query requires an index. You can create it here:
 * <console link>", the link carrying the index as a base64 google.firestore.admin.v1.Index
 * protobuf (as production's links do, __name__ listed only when descending). The link cannot be
 * opened for an emulator's project, so a sentence after it names the index in the file's terms.
 */
import { ApiError } from './errors';
import { canonicalFieldPath, isNameField } from './fieldPath';
import type { IndexField, IndexMode, QueryScope } from './indexConfig';

export interface MissingIndex {
  collection: string;
  scope: QueryScope;
  /** With __name__ last for a composite index; the one field for a single-field index. */
  fields: IndexField[];
  singleField: boolean;
}

const CONSOLE = 'https://console.firebase.google.com/v1/r/project';
const SCOPE_NUMBER: Record<QueryScope, number> = { COLLECTION: 1, COLLECTION_GROUP: 2 };
const SINGLE_FIELD_MODE: Record<IndexMode, string> = {
  ASCENDING: 'ASC',
  DESCENDING: 'DESC',
  CONTAINS: 'ARRAY_CONTAINS',
};

export function missingIndexError(
  missing: MissingIndex,
  project: string,
  database: string,
): ApiError {
  const group = `projects/${project}/databases/${database}/collectionGroups/${missing.collection}`;
  const page = `${CONSOLE}/${project}/firestore/indexes`;
  if (missing.singleField) {
    const [field] = missing.fields;
    const path = canonicalFieldPath(field.path);
    const exemption = message([
      [1, `${group}/fields/${path}`],
      [2, message([[1, message(indexMessage(missing.scope, [field]))]])],
    ]);
    return new ApiError(
      'FAILED_PRECONDITION',
      `The query requires a ${missing.scope}_${SINGLE_FIELD_MODE[field.mode]} index for collection ${missing.collection} and field ${path}. ` +
        `You can create it here: ${page}?create_exemption=${base64(exemption)} ` +
        `(this emulator: add to firestore.indexes.json's "fieldOverrides" {"collectionGroup": "${missing.collection}", "fieldPath": "${path}", "indexes": [${indexJson(field, missing.scope)}]}).`,
    );
  }
  const linked = missing.fields.filter((f) => !isNameField(f.path) || f.mode === 'DESCENDING');
  const index = message([[1, `${group}/indexes/_`], ...indexMessage(missing.scope, linked)]);
  const readable = missing.fields.map((f) => `${canonicalFieldPath(f.path)} ${f.mode}`).join(', ');
  return new ApiError(
    'FAILED_PRECONDITION',
    `The query requires an index. You can create it here: ${page}?create_composite=${base64(index)} ` +
      `(this emulator: add to firestore.indexes.json's "indexes" the ${missing.scope} index on "${missing.collection}": ${readable}).`,
  );
}

/** Index.query_scope (2) and Index.fields (3: field_path 1, order 2 or array_config 3). */
function indexMessage(scope: QueryScope, fields: readonly IndexField[]): ProtoField[] {
  return [
    [2, SCOPE_NUMBER[scope]],
    ...fields.map((field): ProtoField => {
      const mode: ProtoField =
        field.mode === 'CONTAINS' ? [3, 1] : [2, field.mode === 'ASCENDING' ? 1 : 2];
      return [3, message([[1, canonicalFieldPath(field.path)], mode])];
    }),
  ];
}

function indexJson(field: IndexField, scope: QueryScope): string {
  const mode = field.mode === 'CONTAINS' ? `"arrayConfig": "CONTAINS"` : `"order": "${field.mode}"`;
  return `{${mode}, "queryScope": "${scope}"}`;
}

/** A protobuf field: a number is a varint, a string or bytes length-delimited. */
type ProtoField = [number, number | string | Uint8Array];

function message(fields: readonly ProtoField[]): Uint8Array {
  const bytes: number[] = [];
  for (const [tag, value] of fields) {
    if (typeof value === 'number') {
      bytes.push(...varint(tag << 3), ...varint(value));
      continue;
    }
    const payload = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    bytes.push(...varint((tag << 3) | 2), ...varint(payload.length), ...payload);
  }
  return Uint8Array.from(bytes);
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

/** Production's links use base64 without padding. */
function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/=+$/, '');
}
