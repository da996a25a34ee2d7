/**
 * The append-only journal of committed writes (DIR/firestore-journal.log), so a write answered 200
 * survives any stop. One line per commit or clear: `<crc32 of the JSON, 8 hex digits> <JSON>\n`.
 * A line is written (write(2)) before the commit is applied in memory, and the answer waits for
 * fdatasync, done once for all the commits that arrived together (group commit). A line cut short
 * by a kill has no newline or a wrong checksum: it was never answered, and replay drops it.
 */
import { closeSync, fdatasyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { Document } from './model';
import type { DatabaseId } from './paths';

export const JOURNAL_FILE = 'firestore-journal.log';

export type JournalRecord =
  | { project: string; database: string; writes: ({ doc: Document } | { delete: string })[] }
  | { project: string; database: string; clear: true };

export function journalLine(record: JournalRecord): string {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
}

/** The record a line holds, or null when the line is torn or damaged. */
export function parseJournalLine(line: string): JournalRecord | null {
  const space = line.indexOf(' ');
  if (space !== 8) return null;
  const json = line.slice(9);
  if (checksum(json) !== line.slice(0, 8)) return null;
  try {
    // The checksum matched, so this is JSON this emulator wrote.
    return JSON.parse(json) as JournalRecord;
  } catch {
    return null;
  }
}

function checksum(json: string): string {
  return crc32(json).toString(16).padStart(8, '0');
}

export function databaseOf(record: JournalRecord): DatabaseId {
  return { project: record.project, database: record.database };
}

export class Journal {
  private readonly fd: number;
  private waiting: (() => void)[] = [];
  private failed: Error | null = null;

  /** Opens for appending after `validBytes`, cutting off a torn tail left by a kill. */
  constructor(
    readonly path: string,
    validBytes: number,
  ) {
    this.fd = openSync(path, 'a+');
    ftruncateSync(this.fd, validBytes);
  }

  /** Writes the record now; resolves once it is on disk (fdatasync), shared with its neighbours. */
  append(record: JournalRecord): Promise<void> {
    if (this.failed) throw this.failed;
    writeSync(this.fd, journalLine(record));
    return new Promise<void>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.sync());
      this.waiting.push(() => (this.failed ? reject(this.failed) : resolve()));
    });
  }

  /** After the export holds everything: the journal starts again empty. */
  truncate(): void {
    ftruncateSync(this.fd, 0);
    fdatasyncSync(this.fd);
  }

  close(): void {
    this.sync();
    closeSync(this.fd);
  }

  private sync(): void {
    const waiting = this.waiting;
    this.waiting = [];
    try {
      fdatasyncSync(this.fd);
    } catch (error) {
      // A disk that cannot sync can no longer promise anything: every later write fails too.
      this.failed = error instanceof Error ? error : new Error(String(error));
    }
    for (const settle of waiting) settle();
  }
}
