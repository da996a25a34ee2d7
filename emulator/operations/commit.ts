/**
 * POST .../documents:commit — every write applies, in order, or none does. Each write is
 * computed against the state left by the writes before it; rules then see each write against
 * the state before the commit (`getAfter` sees the state after it), as Firestore documents.
 */
import type { RequestContext } from '../context';
import { ApiError, assertArgument, invalidArgument } from '../errors';
import { deleteField, getField, setField } from '../fieldPath';
import { expectArray, expectObject } from '../json';
import type { Fields, Value } from '../model';
import { documentSize, MAX_DOCUMENT_SIZE } from '../docSize';
import { documentName } from '../paths';
import { checkRules, dataAccess } from '../rulesCheck';
import type { Changes, EmulatorState } from '../state';
import type { StoredDoc } from '../storedDoc';
import { formatServerTime, nextServerTime, type Micros } from '../time';
import { applyTransforms } from '../transforms';
import { identicalFields } from '../identical';
import { parseWrite, rejectTransactions, type Write } from './writes';

export interface WriteResult {
  updateTime?: string;
  transformResults?: Value[];
}

export interface CommitResponse {
  writeResults: WriteResult[];
  commitTime: string;
}

/** matches Firestore: at most 500 writes per commit. */
const MAX_WRITES = 500;

/** Validates and applies synchronously; resolves once the commit is durable (see journal.ts). */
export async function commit(
  state: EmulatorState,
  body: unknown,
  ctx: RequestContext,
): Promise<CommitResponse> {
  const request = expectObject(body, '', ['writes', 'transaction']);
  rejectTransactions(request);
  const raw = request.writes === undefined ? [] : expectArray(request.writes, 'writes');
  assertArgument(
    raw.length <= MAX_WRITES,
    `A commit may contain at most ${MAX_WRITES} writes (got ${raw.length}).`,
  );
  const writes = raw.map((w, i) => parseWrite(w, `writes[${i}]`, ctx.db));
  const db = state.database(ctx.db);
  const time = nextServerTime();
  const timeText = formatServerTime(time);
  const changes: Changes = new Map();
  const current = (path: string) =>
    changes.has(path) ? (changes.get(path) ?? null) : db.get(path);
  const results: WriteResult[] = [];
  const after: (StoredDoc | null)[] = [];
  for (const write of writes) {
    const before = current(write.path);
    checkPrecondition(write, before, ctx);
    const { doc, result } = applyWrite(write, before, time, timeText, ctx);
    if (doc !== before) changes.set(write.path, doc);
    after.push(doc);
    results.push(result);
  }
  const checked = writes.filter((write) => write.kind !== 'verify').length;
  const data = dataAccess((path) => db.get(path), current, checked);
  writes.forEach((write, i) => {
    if (write.kind === 'verify') return;
    const previous = db.get(write.path);
    const method = write.kind === 'delete' ? 'delete' : previous ? 'update' : 'create';
    checkRules(
      ctx,
      { method, path: write.path, resource: previous, requestResource: after[i], query: null },
      data,
      time,
    );
  });
  if (changes.size > 0) await state.commit(ctx.db, changes);
  return { writeResults: results, commitTime: timeText };
}

function checkPrecondition(write: Write, before: StoredDoc | null, ctx: RequestContext): void {
  const p = write.precondition;
  if (!p) return;
  const name = documentName(ctx.db, write.path);
  if ('exists' in p) {
    // matches Firestore: "No document to update: ..." / "Document already exists: ...".
    if (p.exists && !before) throw new ApiError('NOT_FOUND', `No document to update: ${name}`);
    if (!p.exists && before)
      throw new ApiError('ALREADY_EXISTS', `Document already exists: ${name}`);
    return;
  }
  if (!before) throw new ApiError('NOT_FOUND', `No document to update: ${name}`);
  if (before.updateTime !== p.updateTime) {
    throw new ApiError(
      'FAILED_PRECONDITION',
      `The document ${name} was last updated at ${formatServerTime(before.updateTime)}, not at the required ${formatServerTime(p.updateTime)}.`,
    );
  }
}

function applyWrite(
  write: Write,
  before: StoredDoc | null,
  time: Micros,
  timeText: string,
  ctx: RequestContext,
): { doc: StoredDoc | null; result: WriteResult } {
  if (write.kind === 'delete') return { doc: null, result: {} };
  if (write.kind === 'verify') return { doc: before, result: {} };
  let fields: Fields = before?.fields ?? {};
  if (write.kind === 'update') fields = write.mask ? applyMask(fields, write) : write.fields;
  const transformed = applyTransforms(fields, write.transforms, time);
  fields = transformed.fields;
  const name = documentName(ctx.db, write.path);
  const size = documentSize(write.path, fields);
  if (size > MAX_DOCUMENT_SIZE) {
    throw invalidArgument(
      `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  }
  const withTransforms =
    write.transforms.length > 0 ? { transformResults: transformed.results } : {};
  // matches Firestore: a write that changes nothing keeps (and reports) the previous updateTime.
  if (before && identicalFields(before.fields, fields)) {
    return {
      doc: before,
      result: { updateTime: before.updateTimeText, ...withTransforms },
    };
  }
  const doc: StoredDoc = {
    path: write.path,
    name,
    ref: { referenceValue: name },
    fields,
    createTime: before?.createTime ?? time,
    updateTime: time,
    createTimeText: before?.createTimeText ?? timeText,
    updateTimeText: timeText,
  };
  return { doc, result: { updateTime: timeText, ...withTransforms } };
}

/** matches Firestore: masked paths present in the input are set, masked paths absent from it are deleted. */
function applyMask(existing: Fields, write: Write): Fields {
  let fields = existing;
  for (const path of write.mask ?? []) {
    const value = getField(write.fields, path);
    fields = value === undefined ? deleteField(fields, path) : setField(fields, path, value);
  }
  return fields;
}
