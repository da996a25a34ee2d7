/**
 * firestore.indexes.json, the file `firebase deploy --only firestore` deploys
 * (https://firebase.google.com/docs/reference/firestore/indexes): read and checked once at start,
 * so a mistake stops the gate with the entry's place rather than surfacing as a wrong refusal.
 * What the indexes allow: indexes.ts.
 */
import { ApiError, assertArgument } from './errors';
import {
  canonicalFieldPath,
  isNameField,
  NAME_FIELD,
  parseFieldPath,
  type FieldPath,
} from './fieldPath';
import { expectArray, expectBoolean, expectObject, expectString } from './json';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
/** A field of an index: ordered one way, or array-contains (arrayConfig CONTAINS). */
export type IndexMode = 'ASCENDING' | 'DESCENDING' | 'CONTAINS';

export interface IndexField {
  path: FieldPath;
  mode: IndexMode;
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  /**
   * As declared, then `__name__` last (matches Firestore: in the last field's direction, ASCENDING
   * after CONTAINS).
   */
  fields: IndexField[];
}

/**
 * A fieldOverrides entry: the single-field indexes of one field (and its subfields) replaced by
 * these.
 */
export interface FieldOverride {
  collectionGroup: string;
  path: FieldPath;
  indexes: { queryScope: QueryScope; mode: IndexMode }[];
}

export interface IndexConfig {
  composites: CompositeIndex[];
  overrides: FieldOverride[];
}

const SCOPES: readonly string[] = ['COLLECTION', 'COLLECTION_GROUP'];
const ORDERS: readonly string[] = ['ASCENDING', 'DESCENDING'];

/** Parses the file's text; throws an Error whose message names the file and the entry at fault. */
export function parseIndexConfig(text: string, fileName: string): IndexConfig {
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const file = expectObject(raw, '', ['indexes', 'fieldOverrides']);
    assertArgument(file.indexes !== undefined, 'the "indexes" list is missing.');
    return {
      composites: expectArray(file.indexes, 'indexes').map((entry, i) =>
        parseComposite(entry, `indexes[${i}]`),
      ),
      overrides:
        file.fieldOverrides === undefined
          ? []
          : expectArray(file.fieldOverrides, 'fieldOverrides').map((entry, i) =>
              parseOverride(entry, `fieldOverrides[${i}]`),
            ),
    };
  } catch (error) {
    if (error instanceof ApiError || error instanceof Error)
      throw new Error(`${fileName}: ${error.message}`);
    throw error;
  }
}

function parseComposite(raw: unknown, where: string): CompositeIndex {
  // density, apiScope and multikey belong to Enterprise edition (MongoDB compatibility) indexes.
  const entry = expectObject(raw, where, ['collectionGroup', 'queryScope', 'fields']);
  const collectionGroup = parseCollectionGroup(entry.collectionGroup, `${where}.collectionGroup`);
  const queryScope = parseScope(entry.queryScope, `${where}.queryScope`);
  const fields = expectArray(entry.fields, `${where}.fields`).map((field, i) =>
    parseIndexField(field, `${where}.fields[${i}]`),
  );
  // matches Firestore's Admin API: one field is a single-field index, configured by overrides
  // (but `a ASCENDING, __name__ DESCENDING` is a composite index).
  assertArgument(
    fields.length >= 2,
    `'${where}' has ${fields.length} field: a composite index needs at least 2 (single-field indexes are automatic, or set by fieldOverrides).`,
  );
  const seen = new Set<string>();
  fields.forEach((field, i) => {
    const key = canonicalFieldPath(field.path);
    assertArgument(!seen.has(key), `'${where}.fields[${i}]' repeats the field '${key}'.`);
    seen.add(key);
    if (isNameField(field.path)) {
      assertArgument(
        i === fields.length - 1,
        `'${where}.fields[${i}]': __name__ can only be last.`,
      );
      assertArgument(
        field.mode !== 'CONTAINS',
        `'${where}.fields[${i}]': __name__ is not an array.`,
      );
    }
  });
  assertArgument(
    fields.filter((f) => f.mode === 'CONTAINS').length <= 1,
    `'${where}' has more than one arrayConfig field; a composite index can have one.`,
  );
  const last = fields[fields.length - 1];
  if (!isNameField(last.path)) {
    fields.push({
      path: [NAME_FIELD],
      mode: last.mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
    });
  }
  return { collectionGroup, queryScope, fields };
}

function parseIndexField(raw: unknown, where: string): IndexField {
  const field = expectObject(raw, where, ['fieldPath', 'order', 'arrayConfig', 'vectorConfig']);
  assertArgument(
    field.vectorConfig === undefined,
    `'${where}.vectorConfig': vector indexes are not checked by this gate.`,
  );
  const path = parseFieldPath(expectString(field.fieldPath, `${where}.fieldPath`), where);
  return { path, mode: parseMode(field, where) };
}

/** One of `order` (ASCENDING, DESCENDING) or `arrayConfig` (CONTAINS), never both. */
function parseMode(entry: Record<string, unknown>, where: string): IndexMode {
  assertArgument(
    (entry.order === undefined) !== (entry.arrayConfig === undefined),
    `'${where}' must have exactly one of "order" and "arrayConfig".`,
  );
  if (entry.arrayConfig !== undefined) {
    assertArgument(
      entry.arrayConfig === 'CONTAINS',
      `Invalid value at '${where}.arrayConfig': ${JSON.stringify(entry.arrayConfig)} (expected CONTAINS).`,
    );
    return 'CONTAINS';
  }
  assertArgument(
    typeof entry.order === 'string' && ORDERS.includes(entry.order),
    `Invalid value at '${where}.order': ${JSON.stringify(entry.order)} (expected ASCENDING or DESCENDING).`,
  );
  return entry.order === 'ASCENDING' ? 'ASCENDING' : 'DESCENDING';
}

function parseScope(raw: unknown, where: string): QueryScope {
  assertArgument(
    typeof raw === 'string' && SCOPES.includes(raw),
    `Invalid value at '${where}': ${JSON.stringify(raw)} (expected COLLECTION or COLLECTION_GROUP).`,
  );
  return raw === 'COLLECTION' ? 'COLLECTION' : 'COLLECTION_GROUP';
}

/** matches Firestore: IDs are non-empty, at most 1,500 bytes, not '.', '..' or '__.*__'. */
function parseCollectionGroup(raw: unknown, where: string): string {
  const id = expectString(raw, where);
  assertArgument(
    id !== '' && id !== '.' && id !== '..' && !/^__.*__$/.test(id) && Buffer.byteLength(id) <= 1500,
    `Invalid value at '${where}': the collection ID "${id}" is not allowed.`,
  );
  return id;
}

function parseOverride(raw: unknown, where: string): FieldOverride {
  const entry = expectObject(raw, where, ['collectionGroup', 'fieldPath', 'indexes', 'ttl']);
  // TTL deletes documents on a schedule; it changes nothing a query may use.
  if (entry.ttl !== undefined) expectBoolean(entry.ttl, `${where}.ttl`);
  const collectionGroup = parseCollectionGroup(entry.collectionGroup, `${where}.collectionGroup`);
  const path = parseFieldPath(expectString(entry.fieldPath, `${where}.fieldPath`), where);
  assertArgument(!isNameField(path), `'${where}.fieldPath': __name__ cannot be overridden.`);
  const indexes = expectArray(entry.indexes, `${where}.indexes`).map((item, i) => {
    const at = `${where}.indexes[${i}]`;
    const index = expectObject(item, at, ['order', 'arrayConfig', 'queryScope']);
    return {
      queryScope: parseScope(index.queryScope, `${at}.queryScope`),
      mode: parseMode(index, at),
    };
  });
  return { collectionGroup, path, indexes };
}
