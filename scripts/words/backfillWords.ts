import { isRecord, documentData } from '../../src/shared/rest/restDecode';
import { postWords } from '../../src/shared/posts/postWords';
import {
  commitInBatches,
  toFields,
  type OwnerClient,
  type StoredDocument,
} from '../lib/ownerClient';
import type { Fields } from '../lib/restValue';

/** Posts read per query (each a billed read). */
const READ_PAGE = 300;

export interface Backfilled {
  read: number;
  written: number;
}

/**
 * Gives every post of the client's project the search words its title and content make
 * (postWords), writing only those whose stored words are missing or differ: `words` alone (an
 * update mask), the post required to exist. `caller` is the bearer token ('owner' on an
 * emulator). Pages through the posts by name, so a post is read once.
 */
export async function backfillWords(client: OwnerClient, caller = 'owner'): Promise<Backfilled> {
  let after: string | null = null;
  let read = 0;
  let written = 0;
  for (;;) {
    const page = await readPosts(client, caller, after);
    read += page.length;
    const writes = page.flatMap(wordsWrite);
    await commitInBatches(client, writes, caller);
    written += writes.length;
    const last = page.at(-1);
    if (page.length < READ_PAGE || !last) return { read, written };
    after = last.name;
  }
}

/** The write giving `document` its words; none when it has them already. */
function wordsWrite(document: StoredDocument): Record<string, unknown>[] {
  const { title, content, words } = documentData(document);
  const made = postWords(String(title ?? ''), String(content ?? ''));
  if (Array.isArray(words) && words.join(' ') === made.join(' ')) return [];
  return [
    {
      update: { name: document.name, fields: toFields({ words: made }) },
      updateMask: { fieldPaths: ['words'] },
      currentDocument: { exists: true },
    },
  ];
}

/** A page of posts by name after `after`: their title, content and words only. */
async function readPosts(
  client: OwnerClient,
  caller: string,
  after: string | null,
): Promise<StoredDocument[]> {
  const answer = await client.call(
    'runQuery',
    {
      structuredQuery: {
        select: { fields: ['title', 'content', 'words'].map((fieldPath) => ({ fieldPath })) },
        from: [{ collectionId: 'posts' }],
        orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
        limit: READ_PAGE,
        ...(after && { startAt: { values: [{ referenceValue: after }], before: false } }),
      },
    },
    caller,
  );
  const rows: unknown[] = Array.isArray(answer) ? answer : [];
  return rows.flatMap((row) => {
    if (!isRecord(row) || !isRecord(row.document) || typeof row.document.name !== 'string')
      return [];
    // A runQuery row's document holds Firestore's REST values (documentData decodes them).
    const fields = (isRecord(row.document.fields) ? row.document.fields : {}) as Fields;
    return [{ name: row.document.name, fields }];
  });
}
