import { config } from '../../../shared/config';
import { decodeBatch } from '../../../shared/rest/batchGet';
import { toComments } from '../data/commentList';
import { documentsRoot } from '../../posts';
import { documentData, idOf } from '../../../shared/rest/restDecode';
import { postRest, type Comment } from '../../posts';

/**
 * Reads whole threads (features/comments/store/threads.ts readThread loads it with the first thread
 * asked for): the posts' comments alone (a mask), the threads asked for in one task together in one
 * batchGet, one read per post whatever its length. A post no longer there has an empty thread.
 */
let asked: Set<string> | null = null;

/**
 * Where a read thread goes: the threads' state (./threads.ts setThread), with its read's outcome.
 */
type ThreadSink = (
  id: string,
  thread: Comment[] | undefined,
  own: readonly Comment[],
  read?: 'failed' | null,
) => void;

export function askForThread(id: string, setThread: ThreadSink): void {
  if (!asked) {
    const ids = new Set<string>();
    asked = ids;
    queueMicrotask(() => {
      asked = null;
      readThreads([...ids], setThread).catch((error: unknown) => {
        console.warn('Could not read the comments', error);
        ids.forEach((each) => setThread(each, undefined, [], 'failed'));
      });
    });
  }
  asked.add(id);
}

async function readThreads(ids: string[], setThread: ThreadSink): Promise<void> {
  const root = documentsRoot(config.firebase.projectId);
  const documents = ids.map((id) => `${root}/posts/${id}`);
  const mask = { fieldPaths: ['comments'] };
  const got = await postRest('batchGet', { documents, mask }, (json) =>
    decodeBatch(json, (document) => ({
      id: idOf(document.name),
      comments: toComments(documentData(document)) ?? [],
    })),
  );
  for (const { id, comments } of got.found) setThread(id, comments, []);
  for (const id of got.missing) setThread(id, [], []);
}
