/**
 * Import and export as JSON on disk: DIR/firestore-export.json holds every database's documents
 * in the REST Document shape. (Not the official emulator's format, which is protobuf LevelDB.)
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { isObject } from './json';
import { parseDocumentName } from './paths';
import type { Changes, EmulatorState } from './state';
import { toDocument } from './storedDoc';
import { formatServerTime, parseTimestamp } from './time';
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
  } finally {
    await file.close();
  }
  // Written aside, then renamed: a crash never leaves a half-written export behind.
  await rename(temporary, target);
}

export async function importData(state: EmulatorState, dir: string): Promise<number> {
  const path = join(dir, EXPORT_FILE);
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!isObject(parsed) || parsed.format !== FORMAT || !Array.isArray(parsed.databases)) {
    throw new Error(`${path} is not an export of this emulator.`);
  }
  let count = 0;
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
      const where = `${path}: ${id.project}/${id.database} document ${i}`;
      if (!isObject(raw) || typeof raw.name !== 'string') throw new Error(`${where} has no name.`);
      const docPath = parseDocumentName(raw.name, id, where);
      const createTime = parseTimestamp(String(raw.createTime), `${where} createTime`);
      const updateTime = parseTimestamp(String(raw.updateTime), `${where} updateTime`);
      changes.set(docPath, {
        path: docPath,
        name: raw.name,
        ref: { referenceValue: raw.name },
        fields: parseFields(raw.fields, where),
        createTime,
        updateTime,
        createTimeText: formatServerTime(createTime),
        updateTimeText: formatServerTime(updateTime),
      });
    });
    state.database(id).apply(changes);
    count += changes.size;
  }
  return count;
}
