import { initializeApp } from 'firebase/app';
import { commitPostWrite, ownerClient, toFields } from '../../scripts/lib/ownerClient';
import { E2E_PORTS, HOST, PROJECT_ID, firestoreUrl } from '../../scripts/lib/testPorts';
import { commentElsewhere } from '../../scripts/lib/writesElsewhere';
import { summariseComments } from '../../src/features/comments/data/commentList';
import type { FanCommented } from '../../src/features/feed/store/heldCommits';
import { THREAD } from '../../src/features/comments/data/commentCopies';
import { POSTS, POST_CHANGES } from '../../src/shared/collections';
import { storeErrorCode } from '../../src/shared/errors/storeError';
import { LIMITS } from '../../src/shared/limits';

/**
 * A fan's account outside the browser, for what a person could do without the app: sign in to the
 * Auth emulator as the app's emulator sign-in does (same Google subject, so the same account, the
 * same uid), and write as that account with the app's own comment recipe.
 */
export interface Account {
  uid: string;
  email: string;
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
  if (typeof uid !== 'string') {
    throw new Error(`Auth emulator sign-in answered without an account: ${JSON.stringify(answer)}`);
  }
  return { uid, email: normalized };
}

const EMULATOR = { firestoreUrl: firestoreUrl(E2E_PORTS), projectId: PROJECT_ID };
const client = () => ownerClient(EMULATOR.firestoreUrl, PROJECT_ID);

/**
 * The account's comment from its own device: the app's comment recipe (commentCommits.ts
 * commitComment behind heldCommits.ts commitFanComment, by scripts/lib/writesElsewhere.ts
 * commentElsewhere) on a Lite SDK signed in to
 * the emulator as the account, so the rules judge it as any fan's, rate limit included: the same
 * account may comment again 10 seconds later (mayCommentAgain). Dated as the app dates it.
 */
export function commentOutsideBrowser(
  account: Account,
  postId: string,
  text: string,
): Promise<FanCommented> {
  const comment = { user: account.email, text, date: new Date().toLocaleString() };
  return commentElsewhere(EMULATOR, postId, account.uid, comment);
}

/** As commentOutsideBrowser; resolves to 'OK' or the code of the refusal ('permission-denied'). */
export async function tryCommentOutsideBrowser(
  account: Account,
  postId: string,
  text: string,
): Promise<string> {
  // A refusal is an answer here: the SDK would print the whole refused request as a warning.
  const sdk = await import('firebase/firestore/lite');
  sdk.setLogLevel('silent');
  try {
    await commentOutsideBrowser(account, postId, text);
    return 'OK';
  } catch (error) {
    return storeErrorCode(error);
  } finally {
    sdk.setLogLevel('info');
  }
}

/** A Lite SDK on the emulator as its owner, whom the rules never judge (one for the run). */
let ownerStore: Promise<Awaited<ReturnType<typeof openOwnerStore>>> | undefined;

async function openOwnerStore() {
  const sdk = await import('firebase/firestore/lite');
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, 'e2e-owner');
  const db = sdk.getFirestore(app);
  const { hostname, port } = new URL(EMULATOR.firestoreUrl);
  sdk.connectFirestoreEmulator(db, hostname, Number(port), { mockUserToken: 'owner' });
  return { sdk, db };
}

/** The texts of a stored post's thread (posts/{id}/comments), read as the owner. */
export async function storedCommentTexts(postId: string): Promise<string[]> {
  ownerStore ??= openOwnerStore();
  const { sdk, db } = await ownerStore;
  const thread = await sdk.getDocs(sdk.collection(db, POSTS, postId, THREAD));
  return thread.docs.map((document) => String(document.get('text')));
}

/**
 * Publishes, as the newest, a post of an earlier version: its 400 comments (the most those
 * versions allowed) in a list on the post, with the summary they wrote beside it, no thread
 * documents and no `pinned` (`npm run comments:migrate` not run). Returns its id and title.
 */
export async function seedListedPost(): Promise<{ id: string; title: string }> {
  const id = 'listed-post';
  const title = 'A post everyone commented on';
  const comments = Array.from({ length: 400 }, (_, index) => ({
    user: `fan${index}@example.com`,
    text: `Comment number ${index + 1}`,
    date: '1/1/2026, 10:00:00',
  }));
  const owner = client();
  await commitPostWrite(owner, id, {
    update: {
      name: owner.name(`${POSTS}/${id}`),
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
  return { id, title };
}

/** A busy thread stamps its post at most once in this long (firestore.rules stampsIfQuiet). */
const QUIET_MS = 10_000;

/**
 * Whether the post's change stamp (postChanges/{id}, read as the owner) is more than 10 seconds
 * old, or absent: a comment's removal by a counter is stamped for open pages only then.
 */
export async function threadStampQuiet(postId: string): Promise<boolean> {
  const stamp = await client().get(`${POST_CHANGES}/${postId}`);
  const at = stamp?.fields.at;
  if (!at || !('timestampValue' in at)) return true;
  return Date.now() - Date.parse(at.timestampValue) > QUIET_MS + 1000;
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
