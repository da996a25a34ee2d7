/** POST .../documents:batchGet — one `found` or `missing` element per requested name, in order. */
import type { RequestContext } from '../context';
import { parseFieldPath, projectFields, type FieldPath } from '../fieldPath';
import { expectArray, expectObject, expectString } from '../json';
import type { Document } from '../model';
import { documentName, parseDocumentName } from '../paths';
import { checkRules, dataAccess } from '../rulesCheck';
import type { EmulatorState } from '../state';
import { toDocument } from '../storedDoc';
import { currentTime, formatServerTime } from '../time';
import { READ_OPTION_KEYS, rejectReadOptions } from './readOptions';

export type BatchGetResponse = (
  { found: Document; readTime: string } | { missing: string; readTime: string }
)[];

export function batchGet(
  state: EmulatorState,
  body: unknown,
  ctx: RequestContext,
): BatchGetResponse {
  const request = expectObject(body, '', ['documents', 'mask', ...READ_OPTION_KEYS]);
  rejectReadOptions(request);
  const paths = expectArray(request.documents ?? [], 'documents').map((name, i) =>
    parseDocumentName(expectString(name, `documents[${i}]`), ctx.db, `documents[${i}]`),
  );
  let mask: FieldPath[] | null = null;
  if (request.mask !== undefined) {
    const object = expectObject(request.mask, 'mask', ['fieldPaths']);
    mask = expectArray(object.fieldPaths ?? [], 'mask.fieldPaths').map((p, i) =>
      parseFieldPath(expectString(p, `mask.fieldPaths[${i}]`), `mask.fieldPaths[${i}]`),
    );
  }
  const db = state.database(ctx.db);
  const now = currentTime();
  const data = dataAccess((path) => db.get(path), undefined, paths.length);
  for (const path of paths) {
    checkRules(
      ctx,
      { method: 'get', path, resource: db.get(path), requestResource: null, query: null },
      data,
      now,
    );
  }
  const readTime = formatServerTime(now);
  return paths.map((path) => {
    const doc = db.get(path);
    if (!doc) return { missing: documentName(ctx.db, path), readTime };
    return {
      found: toDocument(doc, mask ? projectFields(doc.fields, mask) : doc.fields),
      readTime,
    };
  });
}
