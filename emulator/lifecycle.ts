/**
 * Start and stop around the HTTP server. Data is loaded before the port opens (so no query sees a
 * half-loaded store and no write lands before an import overwrites it); a stop refuses new
 * requests, lets those in flight finish, and only then writes the export.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { exportData, loadDataDir } from './dataFiles';
import { lockDataDir, unlockDataDir } from './dataDirLock';
import { ApiError } from './errors';
import { Journal, JOURNAL_FILE, type JournalOptions } from './journal';
import type { EmulatorState } from './state';

/** Counts requests being answered, and turns new ones away once a stop has begun. */
export class RequestGate {
  private inFlight = 0;
  private closing = false;
  private onDrained: (() => void) | null = null;

  /** True when the request may proceed; otherwise it has been answered 503. */
  admit(res: ServerResponse): boolean {
    if (this.closing) {
      const error = new ApiError('UNAVAILABLE', 'The Firestore emulator is shutting down.');
      res.writeHead(error.httpStatus, {
        'Content-Type': 'application/json; charset=utf-8',
        Connection: 'close',
      });
      res.end(JSON.stringify(error.toJSON()));
      return false;
    }
    this.inFlight++;
    res.once('close', () => {
      this.inFlight--;
      if (this.inFlight === 0) this.onDrained?.();
    });
    return true;
  }

  /** Refuses new requests from now on; resolves when the last one in flight has been answered. */
  close(): Promise<void> {
    this.closing = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => (this.onDrained = resolve));
  }
}

export interface OpenDataDir {
  journal: Journal;
  documents: number;
  journalRecords: number;
  /** Closes the journal and releases the directory, without an export (a failed start). */
  abandon(): Promise<void>;
}

/** Loads DIR (export, then journal) into the state and journals every later commit there. */
export async function openDataDir(
  state: EmulatorState,
  dir: string,
  options: JournalOptions,
): Promise<OpenDataDir> {
  mkdirSync(dir, { recursive: true });
  lockDataDir(dir);
  try {
    const loaded = await loadDataDir(state, dir);
    const journal = new Journal(join(dir, JOURNAL_FILE), loaded.journalBytes, options);
    state.attachJournal(journal);
    return {
      journal,
      documents: loaded.documents,
      journalRecords: loaded.journalRecords,
      async abandon() {
        state.attachJournal(null);
        await journal.close();
        unlockDataDir(dir);
      },
    };
  } catch (error) {
    unlockDataDir(dir);
    throw error;
  }
}

/** Compacts: the export takes in everything, then the journal starts again empty. */
export async function closeDataDir(
  state: EmulatorState,
  dir: string,
  journal: Journal,
): Promise<void> {
  await exportData(state, dir);
  await journal.truncate();
  await journal.close();
  state.attachJournal(null);
  unlockDataDir(dir);
}
