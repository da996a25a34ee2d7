/**
 * What the app's users write from another device, written as the owner for the benches: each in
 * the shape the app leaves it, in one commit with the post's change stamp, which open pages poll.
 */
import { summariseComments, toComments } from '../../src/features/comments/data/commentList';
import type { Comment } from '../../src/features/posts/data/post';
import { documentData } from '../../src/shared/rest/restDecode';
import { postWords } from '../../src/features/posts/data/postWords';
import { commentCopy } from './commentCopy';
import { commitPostWrite, toFields, type OwnerClient } from './ownerClient';

/** A field of a write set to the commit's time, as the app's serverTimestamp() is. */
function commitTime(fieldPath: string) {
  return [{ fieldPath, setToServerValue: 'REQUEST_TIME' }];
}

/**
 * A post as the administrator publishes it (src/features/admin/store/postWrites.ts createPost),
 * without a deal.
 */
export async function publishElsewhere(
  client: OwnerClient,
  id: string,
  { title, content }: { title: string; content: string },
): Promise<void> {
  const post = { title, content, imageUrl: '', link: '', comments: [], created: Date.now() };
  await commitPostWrite(client, id, {
    update: {
      name: client.name(`posts/${id}`),
      fields: toFields({ ...post, ...summariseComments([]), words: postWords(title, content) }),
    },
    currentDocument: { exists: false },
  });
}

/**
 * A fan's comment as the app leaves it (src/features/comments/store/commentWrites.ts addComment),
 * written as the owner from another device, one commit: the post with the comment appended and its
 * summary true to the list (commentList.summariseComments: the count one more, the card's comments
 * unchanged past 10), the moderation copy comments/{id}, commenters/{uid} naming it, and the post's
 * change stamp. The post is read first, so the writes of one writer come one after another; the
 * benches write one at a time.
 */
export async function commentElsewhere(
  client: OwnerClient,
  postId: string,
  uid: string,
  comment: Comment,
): Promise<void> {
  const stored = await client.get(`posts/${postId}`);
  if (!stored) throw new Error(`There is no post ${postId} to comment on`);
  const data = documentData(stored);
  const comments = [...(toComments(data) ?? []), comment];
  const changed = { comments, ...summariseComments(comments) };
  const title = typeof data.title === 'string' ? data.title : '';
  const copy = await commentCopy(postId, title, uid, comment);
  await commitPostWrite(
    client,
    postId,
    {
      update: { name: client.name(`posts/${postId}`), fields: toFields(changed) },
      updateMask: { fieldPaths: Object.keys(changed) },
      currentDocument: { exists: true },
    },
    {
      update: { name: client.name(`comments/${copy.id}`), fields: toFields(copy.fields) },
      updateTransforms: commitTime('at'),
    },
    {
      update: { name: client.name(`commenters/${uid}`), fields: toFields({ target: copy.id }) },
      updateTransforms: commitTime('last'),
    },
  );
}
