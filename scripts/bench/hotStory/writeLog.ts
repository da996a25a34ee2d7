/**
 * Which documents each commit of the bench wrote, and when: the Lite SDK handed to the comment
 * recipe is the real one with writeBatch wrapped, so every batch notes the paths it sets, updates
 * and deletes, and only a commit that resolved is logged (a refused or aborted one wrote nothing).
 * From the log: the most writes any one document took in any 10-second window, by kind.
 */
import * as sdk from 'firebase/firestore/lite';
import { storeErrorCode } from '../../../src/shared/errors/storeError';
import type { Store } from '../../../src/shared/store/firestoreWrites';

type Sdk = Store['sdk'];

/** The Lite SDK, as the recipe's `Store` takes it. */
export const liteSdk: Sdk = sdk;

export interface Commit {
  /** Every document the commit wrote. */
  paths: string[];
  /** When the commit resolved, by this machine's clock (ms). */
  resolvedAt: number;
  /** The commit's time as the server set it (ms, to the microsecond), once read back. */
  serverAt?: number;
}

export interface WriteLog {
  commits: Commit[];
  /** Commits the server refused or aborted, by error code (the recipe makes them again). */
  refused: Map<string, number>;
}

export function newWriteLog(): WriteLog {
  return { commits: [], refused: new Map() };
}

/** The Lite SDK whose batches log their commits in `log`. */
export function loggingSdk(log: WriteLog): Sdk {
  const writeBatch: Sdk['writeBatch'] = (db) => loggingBatch(sdk.writeBatch(db), log);
  return { ...liteSdk, writeBatch };
}

function loggingBatch(batch: sdk.WriteBatch, log: WriteLog): sdk.WriteBatch {
  const paths: string[] = [];
  const logged: sdk.WriteBatch = new Proxy(batch, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (key === 'commit') {
        return async () => {
          try {
            await target.commit();
          } catch (error) {
            const code = storeErrorCode(error);
            log.refused.set(code, (log.refused.get(code) ?? 0) + 1);
            throw error;
          }
          log.commits.push({ paths, resolvedAt: Date.now() });
        };
      }
      // set, update, delete: each names its document first.
      return (...args: unknown[]) => {
        const [ref] = args;
        if (ref instanceof sdk.DocumentReference) paths.push(ref.path);
        const result: unknown = value.apply(target, args);
        return result === target ? logged : result;
      };
    },
  });
  return logged;
}

/** What a document is, by its path, for the budget's table. */
export type DocumentKind =
  | 'post'
  | 'stamp'
  | 'counter'
  | 'thread doc'
  | 'copy'
  | 'commenter'
  | 'approval'
  | 'like'
  | 'like counter';
/** What a comment's commit writes (bench:hot-story). */
export const KINDS: readonly DocumentKind[] = [
  'post',
  'stamp',
  'counter',
  'thread doc',
  'copy',
  'commenter',
  'approval',
];
/** What a like's commit writes (bench:hot-like). */
export const LIKE_KINDS: readonly DocumentKind[] = [
  'post',
  'stamp',
  'thread doc',
  'like counter',
  'like',
];

export function kindOf(path: string): DocumentKind {
  const parts = path.split('/');
  if (parts[0] === 'postChanges') return 'stamp';
  if (parts[0] === 'comments') return 'copy';
  if (parts[0] === 'commenters') return 'commenter';
  if (parts[0] === 'approvals') return 'approval';
  if (parts[0] === 'posts' && parts.length === 2) return 'post';
  if (parts[2] === 'commentCounts') return 'counter';
  if (parts[2] === 'comments') return 'thread doc';
  if (parts[2] === 'likes') return 'like';
  if (parts[2] === 'likeCounts') return 'like counter';
  throw new Error(`A write the bench does not expect: ${path}`);
}

export interface Busiest {
  /** The most writes one document of the kind took in any window. */
  writes: number;
  /** That document (the first found, when several tie). */
  path: string;
  /** How many documents of the kind were written. */
  documents: number;
}

/**
 * Per kind, the document that took the most writes in a window [t, t + windowMs), by `timeOf`
 * each commit (half-open: the rules let a quiet stamp follow the last one exactly 10 s later).
 */
export function busiestByKind(
  commits: readonly Commit[],
  windowMs: number,
  timeOf: (commit: Commit) => number,
): Map<DocumentKind, Busiest> {
  const times = new Map<string, number[]>();
  for (const commit of commits) {
    for (const path of new Set(commit.paths)) {
      const list = times.get(path) ?? [];
      list.push(timeOf(commit));
      times.set(path, list);
    }
  }
  const busiest = new Map<DocumentKind, Busiest>();
  for (const [path, list] of times) {
    const kind = kindOf(path);
    const writes = mostInWindow(list, windowMs);
    const before = busiest.get(kind);
    const documents = (before?.documents ?? 0) + 1;
    busiest.set(
      kind,
      before && before.writes >= writes ? { ...before, documents } : { writes, path, documents },
    );
  }
  return busiest;
}

function mostInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last] - sorted[first] >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
