import { summariseComments } from '../../src/features/comments/data/commentList';
import { commitPostWrite, ownerClient, toFields, toValue } from '../../scripts/lib/ownerClient';
import { E2E_PORTS, HOST, PROJECT_ID, firestoreUrl } from '../../scripts/lib/testPorts';
import { commentCopy } from '../../scripts/lib/commentCopy';
import { LIMITS } from '../../src/shared/limits';

/**
 * A fan's account outside the browser, for what a person could do without the app: sign in to the
 * Auth emulator as the app's emulator sign-in does (same Google subject, so the same account),
 * and send Firestore REST requests with that account's ID token.
 */
export interface Account {
  uid: string;
  email: string;
  idToken: string;
}

export async function signInOutsideBrowser(email: string): Promise<Account> {
  const normalized = email.trim().toLowerCase();
  const googleToken = JSON.stringify({
    sub: `emulator-${normalized}`,
    email: normalized,
    email_verified: true,
  });
  const url = `http://${HOST}:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      requestUri: 'http://localhost',
      postBody: `id_token=${encodeURIComponent(googleToken)}&providerId=google.com`,
      returnSecureToken: true,
    }),
  });
  const answer: unknown = await response.json();
  if (!response.ok || typeof answer !== 'object' || answer === null) {
    throw new Error(`Auth emulator sign-in failed: ${JSON.stringify(answer)}`);
  }
  const uid: unknown = Reflect.get(answer, 'localId');
  const idToken: unknown = Reflect.get(answer, 'idToken');
  if (typeof uid !== 'string' || typeof idToken !== 'string') {
    throw new Error(`Auth emulator sign-in answered without an account: ${JSON.stringify(answer)}`);
  }
  return { uid, email: normalized, idToken };
}

const client = () => ownerClient(firestoreUrl(E2E_PORTS), PROJECT_ID);

/**
 * The commit the app sends for a comment (src/features/comments/store/commentWrites.ts addComment,
 * written blind): the post's append with its comment summary, its moderation copy and the commenter
 * stamp, with the post's change stamp. The summary's card matches the post as stored now.
 */
async function commentWrites(account: Account, post: { id: string; title: string }, text: string) {
  const owner = client();
  const comment = { user: account.email, text, date: new Date().toLocaleString('en-GB') };
  const { id, fields } = await commentCopy(post.id, post.title, account.uid, comment);
  const now = { setToServerValue: 'REQUEST_TIME' };
  const stored = (await owner.get(`posts/${post.id}`))?.fields ?? {};
  const count = stored.commentCount;
  const known = count && 'integerValue' in count ? Number(count.integerValue) : 0;
  const card = stored.cardComments;
  const cardLength = card && 'arrayValue' in card ? (card.arrayValue.values ?? []).length : 0;
  const appended = { values: [toValue(comment)] };
  const cardHoldsAll = cardLength === known;
  return [
    {
      update: {
        name: owner.name(`posts/${post.id}`),
        fields: cardHoldsAll && known >= LIMITS.cardComments ? toFields({ cardComments: [] }) : {},
      },
      updateMask: {
        fieldPaths: cardHoldsAll && known >= LIMITS.cardComments ? ['cardComments'] : [],
      },
      updateTransforms: [
        { fieldPath: 'comments', appendMissingElements: appended },
        { fieldPath: 'commentCount', increment: { integerValue: '1' } },
        ...(cardHoldsAll && known < LIMITS.cardComments
          ? [{ fieldPath: 'cardComments', appendMissingElements: appended }]
          : []),
      ],
      currentDocument: { exists: true },
    },
    {
      update: {
        name: owner.name(`comments/${id}`),
        fields: toFields(fields),
      },
      updateTransforms: [{ fieldPath: 'at', ...now }],
    },
    {
      update: { name: owner.name(`commenters/${account.uid}`), fields: toFields({ target: id }) },
      updateTransforms: [{ fieldPath: 'last', ...now }],
    },
    {
      update: { name: owner.name(`postChanges/${post.id}`), fields: {} },
      updateTransforms: [{ fieldPath: 'at', ...now }],
    },
  ];
}

/**
 * Writes the account's comment and its copy as the owner (test setup: no rules, and no commenter
 * stamp, so the account may comment in the app at once).
 */
export async function seedComment(
  account: Account,
  post: { id: string; title: string },
  text: string,
): Promise<void> {
  const [append, copy] = await commentWrites(account, post, text);
  await commitPostWrite(client(), post.id, append);
  await client().commit([copy]);
}

/**
 * Sends the account's comment over Firestore REST with its own ID token; resolves to the status.
 */
export async function commentOverRest(
  account: Account,
  post: { id: string; title: string },
  text: string,
): Promise<string> {
  try {
    await client().call(
      'commit',
      { writes: await commentWrites(account, post, text) },
      account.idToken,
    );
    return 'OK';
  } catch (error) {
    return /PERMISSION_DENIED/.test(String(error)) ? 'PERMISSION_DENIED' : String(error);
  }
}

/** A stored post's comments' texts, read as the owner. */
export async function storedCommentTexts(postId: string): Promise<string[]> {
  const stored = await client().get(`posts/${postId}`);
  const comments = stored?.fields.comments;
  if (!comments || !('arrayValue' in comments)) return [];
  return (comments.arrayValue.values ?? []).flatMap((value) => {
    if (!('mapValue' in value)) return [];
    const text = value.mapValue.fields?.text;
    return text && 'stringValue' in text ? [text.stringValue] : [];
  });
}

/** Publishes a post holding the most comments the rules allow (400), as the newest; its title. */
export async function seedFullPost(): Promise<string> {
  const title = 'A post everyone commented on';
  const comments = Array.from({ length: 400 }, (_, index) => ({
    user: `fan${index}@example.com`,
    text: `Comment number ${index + 1}`,
    date: '1/1/2026, 10:00:00',
  }));
  const owner = client();
  await commitPostWrite(owner, 'full-post', {
    update: {
      name: owner.name('posts/full-post'),
      fields: toFields({
        title,
        content: 'Every fan had a say.',
        imageUrl: '',
        link: '',
        comments,
        ...summariseComments(comments),
        created: Date.now(),
      }),
    },
  });
  return title;
}

/**
 * Whether the rules' 10-second limit since the account's last comment has passed (its commenter
 * stamp, read as the owner), so the test waits for that condition rather than for a fixed time.
 */
export async function mayCommentAgain(account: Account): Promise<boolean> {
  const stamp = await client().get(`commenters/${account.uid}`);
  const last = stamp?.fields.last;
  if (!last || !('timestampValue' in last)) return true;
  return Date.now() - Date.parse(last.timestampValue) > (LIMITS.commentIntervalSeconds + 1) * 1000;
}
