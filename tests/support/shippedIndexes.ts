import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { parseIndexConfig } from '../../emulator/indexes';
import { DeclaredIndexes } from '../../emulator/query/indexes';
import { INDEXES_PATH } from '../../scripts/lib/emulators';

/**
 * firestore.indexes.json as shipped, parsed as `--indexes` parses it; `without` leaves out the
 * composite index on exactly those fields (a copy of the file with one index removed).
 */
export function shippedIndexes(without: string[] = []): DeclaredIndexes {
  const file: { indexes: { fields: { fieldPath: string }[] }[] } = JSON.parse(
    readFileSync(INDEXES_PATH, 'utf8'),
  );
  const kept = file.indexes.filter(
    (index) => index.fields.map((field) => field.fieldPath).join() !== without.join(),
  );
  expect(kept.length, `the shipped file has an index on ${without.join()}`).toBe(
    file.indexes.length - (without.length > 0 ? 1 : 0),
  );
  return new DeclaredIndexes(
    parseIndexConfig(JSON.stringify({ ...file, indexes: kept }), INDEXES_PATH),
  );
}
