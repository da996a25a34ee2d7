import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { INDEXES_PATH } from '../../scripts/lib/emulators';

/**
 * firestore.indexes.json as shipped without the composite index on exactly `fields`: the JSON of
 * a copy of the file with that one index removed, for a gate of a test's own.
 */
export function shippedIndexesWithout(fields: string[]): Record<string, unknown> {
  const file: { indexes: { fields: { fieldPath: string }[] }[] } = JSON.parse(
    readFileSync(INDEXES_PATH, 'utf8'),
  );
  const kept = file.indexes.filter(
    (index) => index.fields.map((field) => field.fieldPath).join() !== fields.join(),
  );
  expect(kept.length, `the shipped file has an index on ${fields.join()}`).toBe(
    file.indexes.length - 1,
  );
  return { ...file, indexes: kept };
}
