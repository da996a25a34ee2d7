/**
 * Import and export as JSON on disk: DIR/firestore-export.json holds every database's documents
 * in the REST Document shape. (Not the official emulator's format, which is protobuf LevelDB.)
 * A data directory adds the journal of the commits since that export (journal.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { databaseOf, JOURNAL_FILE, parseJournalLine } from './journal';
import { isObject } from './json';
import { parseDocumentName, type DatabaseId } from './paths';
import type { Changes, EmulatorState } from './state';
import { toDocument, type StoredDoc } from './storedDoc';
import { formatServerTime, parseTimestamp, type Micros } from './time';
import { parseFields } from './values';

export const EXPORT_FILE = 'firestore-export.json';
const FORMAT = 'transfer-feed/firestore-emulator-export';

export async function exportData(state: EmulatorState, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, EXPORT_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  // A synchronous snapshot first, so writes arriving during the export do not tear it.
  const snapshot = state.all().map((db) => ({ id: db.id, docs: [...db.all()] }));
  const file = await open(temporary, 'w');
  try {
    await file.write(`{"format":"${FORMAT}","version":1,"databases":[`);
    let firstDb = true;
    for (const db of snapshot) {
      await file.write(
        `${firstDb ? '' : ','}\n{"project":${JSON.stringify(db.id.project)},"database":${JSON.stringify(db.id.database)},"documents":[`,
      );
      firstDb = false;
      let buffer = '';
      let firstDoc = true;
      for (const doc of db.docs) {
        buffer += `${firstDoc ? '' : ','}\n${JSON.stringify(toDocument(doc))}`;
        firstDoc = false;
        if (buffer.length > 1 << 20) {
          await file.write(buffer);
          buffer = '';
        }
      }
      await file.write(`${buffer}]}`);
    }
    await file.write('\n]}\n');
    // On disk before it replaces the old export, since the journal is emptied next.
    await file.sync();
  } finally {
    await file.close();
  }
  // Written aside, then renamed: a crash never leaves a half-written export behind.
  await rename(temporary, target);
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

export async function importData(state: EmulatorState, dir: string): Promise<number> {
  const path = join(dir, EXPORT_FILE);
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!isObject(parsed) || parsed.format !== FORMAT || !Array.isArray(parsed.databases)) {
    throw new Error(`${path} is not an export of this emulator.`);
  }
  let count = 0;
  const times: TimeCache = new Map();
  for (const entry of parsed.databases) {
    if (
      !isObject(entry) ||
      typeof entry.project !== 'string' ||
      typeof entry.database !== 'string' ||
      !Array.isArray(entry.documents)
    ) {
      throw new Error(`${path}: a database entry is malformed.`);
    }
    const id = { project: entry.project, database: entry.database };
    const changes: Changes = new Map();
    entry.documents.forEach((raw: unknown, i: number) => {
      const doc = storedDoc(raw, id, `${path}: ${id.project}/${id.database} document ${i}`, times);
      changes.set(doc.path, doc);
    });
    state.database(id).apply(changes);
    count += changes.size;
  }
  return count;
}

export interface DataDirContents {
  documents: number;
  journalRecords: number;
  /** Bytes of whole, checked journal lines; anything after them was torn by a kill. */
  journalBytes: number;
}

/** Loads DIR's export, then replays its journal on top, in order. */
export async function loadDataDir(state: EmulatorState, dir: string): Promise<DataDirContents> {
  const documents = existsSync(join(dir, EXPORT_FILE)) ? await importData(state, dir) : 0;
  const path = join(dir, JOURNAL_FILE);
  if (!existsSync(path)) return { documents, journalRecords: 0, journalBytes: 0 };
  const bytes = await readFile(path);
  let start = 0;
  let records = 0;
  const times: TimeCache = new Map();
  while (start < bytes.length) {
    const end = bytes.indexOf(10, start);
    const record = end === -1 ? null : parseJournalLine(bytes.subarray(start, end));
    if (!record) {
      // Only the last line can be torn (nothing is appended after a torn line without cutting it).
      if (end === -1 || end === bytes.length - 1) break;
      throw new Error(
        `${path}: the line at byte ${start} is damaged; the journal cannot be replayed.`,
      );
    }
    const where = `${path}: line at byte ${start}`;
    const id = databaseOf(record);
    if ('clear' in record) {
      state.clear(id);
    } else {
      const changes: Changes = new Map();
      for (const write of record.writes) {
        if ('doc' in write) {
          const doc = storedDoc(write.doc, id, where, times);
          changes.set(doc.path, doc);
        } else {
          changes.set(parseDocumentName(write.delete, id, where), null);
        }
      }
      state.database(id).apply(changes);
    }
    records++;
    start = end + 1;
  }
  return { documents, journalRecords: records, journalBytes: start };
}

/**
 * Parsed times by their text. Documents written by one commit share their times, so a load
 * parses each commit's time once (about a third of the start time with 50 MB otherwise).
 */
type TimeCache = Map<string, { micros: Micros; text: string }>;

function serverTime(raw: unknown, where: string, cache: TimeCache) {
  const key = String(raw);
  let time = cache.get(key);
  if (!time) {
    const micros = parseTimestamp(key, where);
    time = { micros, text: formatServerTime(micros) };
    if (cache.size > 10_000) cache.clear();
    cache.set(key, time);
  }
  return time;
}

function storedDoc(raw: unknown, id: DatabaseId, where: string, times: TimeCache): StoredDoc {
  if (!isObject(raw) || typeof raw.name !== 'string') throw new Error(`${where} has no name.`);
  const docPath = parseDocumentName(raw.name, id, where);
  const createTime = serverTime(raw.createTime, `${where} createTime`, times);
  const updateTime = serverTime(raw.updateTime, `${where} updateTime`, times);
  return {
    path: docPath,
    name: raw.name,
    ref: { referenceValue: raw.name },
    fields: parseFields(raw.fields, where),
    createTime: createTime.micros,
    updateTime: updateTime.micros,
    createTimeText: createTime.text,
    updateTimeText: updateTime.text,
  };
}
