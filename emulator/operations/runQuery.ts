/**
 * POST .../documents[/{parent document}]:runQuery — StructuredQuery over one collection or a
 * collection group, served from an ordered index: binary search to the start cursor, then
 * filter, offset and limit.
 */
import type { RequestContext } from '../context';
import { projectFields } from '../fieldPath';
import { expectObject } from '../json';
import type { Document } from '../model';
import { admitQuery } from '../query/listRules';
import { scan } from '../query/scan';
import { parseStructuredQuery } from '../query/structuredQuery';
import type { EmulatorState } from '../state';
import { toDocument } from '../storedDoc';
import { formatServerTime } from '../time';
import { READ_OPTION_KEYS, rejectReadOptions } from './readOptions';

export interface RunQueryRequest {
  /** Relative path of the parent document, '' for the database root. */
  parent: string;
  body: unknown;
}

export type RunQueryResponse = ({ document: Document; readTime: string } | { readTime: string })[];

export function runQuery(
  state: EmulatorState,
  request: RunQueryRequest,
  ctx: RequestContext,
): RunQueryResponse {
  const body = expectObject(request.body, '', [
    'structuredQuery',
    ...READ_OPTION_KEYS,
    'explainOptions',
  ]);
  rejectReadOptions(body);
  const query = parseStructuredQuery(body.structuredQuery);
  const { target, now } = admitQuery(state, ctx, request.parent, query);
  const readTime = formatServerTime(now);
  const response: RunQueryResponse = [];
  scan(
    target.index,
    query,
    ({ doc }) => {
      const fields = query.select ? projectFields(doc.fields, query.select) : doc.fields;
      response.push({ document: toDocument(doc, fields), readTime });
    },
    { accept: target.accept },
  );
  return response.length === 0 ? [{ readTime }] : response;
}
