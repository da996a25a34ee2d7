import { isDealStatus, type DealStatus } from '../../../shared/posts/dealStatus';
import { isRecord } from '../../../shared/rest/restDecode';
import type { PostDeal } from '../../../shared/posts/post';
import {
  documentData,
  idOf,
  restDocument,
  runQueryDocuments,
  type RestDocument,
} from '../../../shared/rest/restDecode';
import { decodeBatch, type BatchGot } from '../../../shared/rest/batchGet';
import { toTerms, type DealTerms } from './dealTerms';

/**
 * A deal: one transfer story told over many posts. Stored as deals/{id}; a post names
 * it by id in its optional `deal` field. The summary the deals strip reads (status, open, changed,
 * history) is written in the same commit as the post that changes it, and firestore.rules keep the
 * two consistent (match /deals/{dealId} there).
 */

/** The collection of deals (firestore.rules: deals/{dealId}). */
export const DEALS = 'deals';

/** The statuses that end a deal: the strip's 'Done deals' is the first, 'Open deals' neither. */
export const DONE_STATUS: DealStatus = 'Done deal';
export const CLOSING_STATUSES: readonly DealStatus[] = [DONE_STATUS, 'Collapsed'];

/** One step of a deal's story: a status and when a post set it (milliseconds since the epoch). */
export interface DealStep {
  status: DealStatus;
  at: number;
}

export interface Deal {
  /** Stable: renaming the deal keeps it, so `/?deal=<id>` links keep working. */
  id: string;
  /** A display name, for example the player's: at most 80 characters, something visible. */
  name: string;
  /** The status of the last post that changed it; null while no post of it had one. */
  status: DealStatus | null;
  /** Neither done nor collapsed (a stored copy, so the strip can ask for open deals alone). */
  open: boolean;
  /** When its status last changed, or it was created: server time, milliseconds. */
  changed: number;
  /** The post written in the commit that last changed it. */
  post: string;
  /** Every status change, oldest first; a repeated status is not a change. */
  history: DealStep[];
  /** Who, from or to where, for what (./dealTerms.ts); absent: terms not given. */
  terms?: DealTerms;
}

export function isOpenStatus(status: DealStatus | null): boolean {
  return status === null || !CLOSING_STATUSES.includes(status);
}

/** A stored deal as a Deal, whatever it holds: missing or mistyped fields read as empty. */
export function toDeal(id: string, data: unknown): Deal {
  const fields = isRecord(data) ? data : {};
  const status = isDealStatus(fields.status) ? fields.status : null;
  const terms = toTerms(fields.terms);
  return {
    id,
    name: typeof fields.name === 'string' ? fields.name : id,
    status,
    open: isOpenStatus(status),
    changed: typeof fields.changed === 'number' ? fields.changed : 0,
    post: typeof fields.post === 'string' ? fields.post : '',
    history: Array.isArray(fields.history) ? fields.history.flatMap(toStep) : [],
    ...(terms && { terms }),
  };
}

function toStep(value: unknown): DealStep[] {
  if (!isRecord(value) || !isDealStatus(value.status) || typeof value.at !== 'number') return [];
  return [{ status: value.status, at: value.at }];
}

/**
 * A deal's id made from its name: lower-case ASCII letters and digits in words joined by '-'
 * (accents dropped), at most 60 characters, so names that differ only in case, accents or
 * punctuation name one deal. A name with no such letter (a name in another script) is spelt by
 * its code points instead. The rules accept any id of this form (isDealId there).
 */
export function dealIdFor(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) {
    const points = [...name.trim()].map((character) => character.codePointAt(0)?.toString(36));
    words.push('deal', ...points.filter((point) => point !== undefined));
  }
  let id = '';
  for (const word of words) {
    const next = id ? `${id}-${word}` : word;
    if (next.length > 60) break;
    id = next;
  }
  return id || 'deal';
}

/**
 * The deal a form's 'Deal' names: none when blank; a known deal whose name it is (ignoring case and
 * the spaces around it); otherwise a new deal under that name, its id made from it.
 */
export function chooseDeal(typed: string, known: readonly Deal[]): PostDeal | undefined {
  const name = typed.trim();
  if (name === '') return undefined;
  const lower = name.toLowerCase();
  const existing = known.find((deal) => deal.name.trim().toLowerCase() === lower);
  return existing ? { id: existing.id, name: existing.name } : { id: dealIdFor(name), name };
}

/** What a post commit writes to its deal, besides `changed` (the server's time of that commit). */
export interface DealWrite {
  name: string;
  status: DealStatus | null;
  open: boolean;
  post: string;
  history: DealStep[];
  /** The terms as they were: a post moving the deal on leaves them unchanged (the rules). */
  terms?: DealTerms;
}

/**
 * Whether a post written with `postStatus` moves its deal, now at `dealStatus`, on: a status, and
 * another one (a repeated status is not a change; a post without one never moves it). The rules'
 * condition for a deal write, and what tells a page a deal it shows may have changed.
 */
export function movesDealOn(
  postStatus: DealStatus | undefined,
  dealStatus: DealStatus | null,
): boolean {
  return postStatus !== undefined && postStatus !== dealStatus;
}

/**
 * The deal's summary after a post naming it is written with `status` (its own, or none), at `now`:
 * a new deal (`stored` null) starts from that post under `name`; an existing one takes a
 * different status as a new step and is left alone (null) otherwise, as the rules require.
 */
export function dealAfterPost(
  stored: Pick<Deal, 'name' | 'status' | 'history' | 'terms'> | null,
  name: string,
  postId: string,
  status: DealStatus | undefined,
  now: number,
): DealWrite | null {
  if (stored && !movesDealOn(status, stored.status)) return null;
  const history = stored?.history ?? [];
  const next = status ?? null;
  return {
    name: stored?.name ?? name,
    status: next,
    open: isOpenStatus(next),
    post: postId,
    history: status ? [...history, { status, at: now }] : history,
    ...(stored?.terms && { terms: stored.terms }),
  };
}

/** A runQuery answer for deals, in its order. */
export function decodeDeals(json: unknown): Deal[] {
  return runQueryDocuments(json).map(documentDeal);
}

/** A GET of one deal. */
export function decodeDeal(json: unknown): Deal {
  const document = restDocument(json);
  if (!document) throw new Error('get: expected a document with a name');
  return documentDeal(document);
}

/** A batchGet answer for deals: those found and the ids of those that do not exist. */
export function decodeDealBatch(json: unknown): BatchGot<Deal> {
  return decodeBatch(json, documentDeal);
}

function documentDeal(document: RestDocument): Deal {
  return toDeal(idOf(document.name), documentData(document));
}
