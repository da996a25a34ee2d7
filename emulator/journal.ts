/**
 * The append-only journal of committed writes (DIR/firestore-journal.log), so a write answered 200
 * survives any stop. One line per commit or clear: `<crc32 of the JSON, 8 hex digits> <JSON>\n`.
 * A line is written (write(2)) before the commit is applied in memory, so no reader ever sees a
 * write that a crash could lose; see JournalOptions for when the answer goes. A line cut short by
 * a kill has no newline or a wrong checksum: it was never answered, and replay drops it.
 */
import { closeSync, fdatasync, fdatasyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';
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

/** The record a line (without its newline) holds, or null when the line is torn or damaged. */
export function parseJournalLine(line: Buffer): JournalRecord | null {
  if (line.length < 10 || line[8] !== 0x20) return null;
  const json = line.subarray(9);
  if (checksum(json) !== line.toString('latin1', 0, 8)) return null;
  try {
    // The checksum matched, so this is JSON this emulator wrote.
    return JSON.parse(json.toString('utf8')) as JournalRecord;
  } catch {
    return null;
  }
}

function checksum(json: string | Buffer): string {
  return crc32(json).toString(16).padStart(8, '0');
}

export function databaseOf(record: JournalRecord): DatabaseId {
  return { project: record.project, database: record.database };
}

export interface JournalOptions {
  /**
   * false (the default): a commit is answered once its line is written to the operating system,
   * which survives any end of the emulator process (SIGKILL, a crash); fdatasync follows in the
   * background within BACKGROUND_SYNC_MS. true: the answer also waits for fdatasync (survives a
   * power cut or an OS crash too), one fdatasync for all the commits that arrived meanwhile.
   */
  waitForDisk: boolean;
}

/** Background fdatasync at most this often: one per commit would slow every commit down. */
export const BACKGROUND_SYNC_MS = 100;

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

export class Journal {
  private readonly fd: number;
  /** Commits written since the fdatasync in progress (or since the last one) began. */
  private waiting: Waiter[] = [];
  private syncing: Promise<void> | null = null;
  private backgroundSync: NodeJS.Timeout | null = null;
  private failed: Error | null = null;

  /** Opens for appending after `validBytes`, cutting off a torn tail left by a kill. */
  constructor(
    readonly path: string,
    validBytes: number,
    private readonly options: JournalOptions = { waitForDisk: false },
  ) {
    this.fd = openSync(path, 'a+');
    ftruncateSync(this.fd, validBytes);
  }

  /** Writes the record now (before the commit applies); resolves when the commit may be answered. */
  append(record: JournalRecord): Promise<void> {
    if (this.failed) throw this.failed;
    writeSync(this.fd, journalLine(record));
    if (!this.options.waitForDisk) {
      this.scheduleBackgroundSync();
      return Promise.resolve();
    }
    const onDisk = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.sync();
    return onDisk;
  }

  /** After the export holds everything: the journal starts again empty. */
  async truncate(): Promise<void> {
    await this.idle();
    ftruncateSync(this.fd, 0);
    fdatasyncSync(this.fd);
  }

  async close(): Promise<void> {
    if (this.backgroundSync) clearTimeout(this.backgroundSync);
    this.backgroundSync = null;
    await this.idle();
    fdatasyncSync(this.fd);
    closeSync(this.fd);
  }

  /** A failure is kept in `failed` and refuses the next append. */
  private scheduleBackgroundSync(): void {
    this.backgroundSync ??= setTimeout(() => {
      this.backgroundSync = null;
      // Lines written while an fdatasync runs need the next one.
      if (this.syncing) this.scheduleBackgroundSync();
      else this.sync();
    }, BACKGROUND_SYNC_MS);
  }

  private async idle(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  /** One fdatasync at a time; commits written while it runs share the next one (group commit). */
  private sync(): void {
    if (this.syncing) return;
    const waiting = this.waiting;
    this.waiting = [];
    this.syncing = new Promise<void>((done) => {
      fdatasync(this.fd, (error) => {
        // A disk that cannot sync can no longer promise anything: later writes fail too.
        if (error) this.failed = error;
        for (const waiter of waiting) {
          if (error) waiter.reject(error);
          else waiter.resolve();
        }
        this.syncing = null;
        done();
        if (this.waiting.length > 0) this.sync();
      });
    });
  }
}
