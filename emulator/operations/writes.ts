/** Write JSON (as in CommitRequest.writes) → a checked, typed write. */
import { assertArgument, unimplemented } from '../errors';
import { expectArray, expectBoolean, expectObject, expectString } from '../json';
import { assertWritablePath, parseFieldPath, type FieldPath } from '../fieldPath';
import type { Fields } from '../model';
import { parseDocumentName, type DatabaseId } from '../paths';
import { parseTimestamp, type Micros } from '../time';
import { parseTransform, type FieldTransform } from '../transforms';
import { parseFields } from '../values';

export type Precondition = { exists: boolean } | { updateTime: Micros } | null;

export interface Write {
  kind: 'update' | 'delete' | 'transform' | 'verify';
  /** Relative to `.../documents`. */
  path: string;
  /** Only for update. */
  fields: Fields;
  /** Only for update; null replaces the whole document. */
  mask: FieldPath[] | null;
  transforms: FieldTransform[];
  precondition: Precondition;
}

const OPERATIONS = ['update', 'delete', 'transform', 'verify'] as const;

export function parseWrite(raw: unknown, where: string, db: DatabaseId): Write {
  const write = expectObject(raw, where, [
    ...OPERATIONS,
    'updateMask',
    'updateTransforms',
    'currentDocument',
  ]);
  const kinds = OPERATIONS.filter((kind) => write[kind] !== undefined);
  assertArgument(
    kinds.length === 1,
    `'${where}' must have exactly one of update, delete, transform, verify.`,
  );
  const kind = kinds[0];
  assertArgument(
    kind === 'update' || write.updateMask === undefined,
    `'${where}.updateMask' is only allowed with update.`,
  );
  assertArgument(
    kind === 'update' || write.updateTransforms === undefined,
    `'${where}.updateTransforms' is only allowed with update.`,
  );
  const precondition = parsePrecondition(write.currentDocument, `${where}.currentDocument`);
  if (kind === 'delete' || kind === 'verify') {
    const path = parseDocumentName(
      expectString(write[kind], `${where}.${kind}`),
      db,
      `${where}.${kind}`,
    );
    return { kind, path, fields: {}, mask: null, transforms: [], precondition };
  }
  if (kind === 'transform') {
    const at = `${where}.transform`;
    const transform = expectObject(write.transform, at, ['document', 'fieldTransforms']);
    const path = parseDocumentName(
      expectString(transform.document, `${at}.document`),
      db,
      `${at}.document`,
    );
    return {
      kind,
      path,
      fields: {},
      mask: null,
      transforms: parseTransforms(transform.fieldTransforms, `${at}.fieldTransforms`),
      precondition,
    };
  }
  const at = `${where}.update`;
  const update = expectObject(write.update, at, ['name', 'fields', 'createTime', 'updateTime']);
  const path = parseDocumentName(expectString(update.name, `${at}.name`), db, `${at}.name`);
  const fields = parseFields(update.fields, `${at}.fields`);
  let mask: FieldPath[] | null = null;
  if (write.updateMask !== undefined) {
    const maskAt = `${where}.updateMask`;
    const object = expectObject(write.updateMask, maskAt, ['fieldPaths']);
    const paths =
      object.fieldPaths === undefined ? [] : expectArray(object.fieldPaths, `${maskAt}.fieldPaths`);
    mask = paths.map((p, i) => {
      const at = `${maskAt}.fieldPaths[${i}]`;
      return assertWritablePath(parseFieldPath(expectString(p, at), at), at);
    });
  }
  const transforms = parseTransforms(write.updateTransforms, `${where}.updateTransforms`);
  return { kind, path, fields, mask, transforms, precondition };
}

function parseTransforms(raw: unknown, where: string): FieldTransform[] {
  if (raw === undefined) return [];
  return expectArray(raw, where).map((t, i) => parseTransform(t, `${where}[${i}]`));
}

function parsePrecondition(raw: unknown, where: string): Precondition {
  if (raw === undefined) return null;
  const object = expectObject(raw, where, ['exists', 'updateTime']);
  assertArgument(
    (object.exists === undefined) !== (object.updateTime === undefined),
    `'${where}' must have exactly one of exists, updateTime.`,
  );
  if (object.exists !== undefined)
    return { exists: expectBoolean(object.exists, `${where}.exists`) };
  const text = expectString(object.updateTime, `${where}.updateTime`);
  return { updateTime: parseTimestamp(text, `${where}.updateTime`) };
}

export function rejectTransactions(body: Record<string, unknown>): void {
  if (body.transaction !== undefined) throw unimplemented('Transactions');
}
