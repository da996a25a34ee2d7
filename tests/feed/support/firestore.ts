import { summariseComments } from '../../../src/features/comments/data/commentList';
import { postWords } from '../../../src/features/posts/data/postWords';
import type { Fields } from '../../../scripts/lib/restValue';
import {
  changeStamp,
  commitPostWrite,
  ownerClient,
  toFields,
  type OwnerClient,
} from '../../../scripts/lib/ownerClient';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';
import { config } from '../../../src/shared/config';
import { CLUB_PIN } from '../../../src/shared/collections';
import { DEALS, isOpenStatus, type Deal } from '../../../src/features/deals/data/deal';

/**
 * The test's side door into the Firestore emulator: clear, seed and read the worker's project
 * over REST with the emulator's owner credential (never subject to the rules).
 */
export interface SeedPost {
  title: string;
  content: string;
  imageUrl: string;
  link: string;
  comments: { user: string; text: string; date: string }[];
  created: number;
  /** The deal status; absent when the post has none (a stored value is any string). */
  status?: string;
  /** Comments closed by the administrator; absent on open posts. */
  closed?: boolean;
  /** The id of the deal it belongs to; absent on posts without one. */
  deal?: string;
  /** The club pins it on top (pinElsewhere writes it, with the pin beside it). */
  pinned?: boolean;
}

export interface StoredPost extends SeedPost {
  id: string;
}

/** The emulator itself, also when a test points the app at a proxy in front of it. */
function emulatorOrigin(): string {
  return `http://${TEST_FIRESTORE_HOST}`;
}

/** The worker's project, as the owner. */
function firestore(): OwnerClient {
  return ownerClient(emulatorOrigin(), config.firebase.projectId);
}

let sequence = 0;

/**
 * A post with sensible defaults; `created` decreases with each call, so builders list newest first.
 */
export function buildPost(overrides: Partial<SeedPost> = {}): SeedPost {
  sequence += 1;
  return {
    title: `Transfer story ${sequence}`,
    content: `Details of transfer story ${sequence}.`,
    imageUrl: '',
    link: '',
    comments: [],
    created: Date.UTC(2025, 0, 1) - sequence * 60_000,
    ...overrides,
  };
}

/** `count` posts, newest first, titled 'Post 1' (newest) … 'Post n'. */
export function buildPosts(count: number, now = Date.now()): SeedPost[] {
  return Array.from({ length: count }, (_, index) =>
    buildPost({
      title: `Post ${index + 1}`,
      content: `Content of post ${index + 1}.`,
      created: now - (index + 1) * 3_600_000,
    }),
  );
}

export async function clearFirestore(): Promise<void> {
  await firestore().clear();
}

/**
 * A post's stored fields as this version writes them: its comment summary beside the comments,
 * and its search words beside its title and content.
 */
function storedFields(post: Partial<SeedPost>): ReturnType<typeof toFields> {
  const words =
    post.title !== undefined && post.content !== undefined
      ? { words: postWords(post.title, post.content) }
      : {};
  return toFields({
    ...post,
    ...(post.comments && summariseComments(post.comments)),
    ...words,
  });
}

/**
 * Writes the posts; returns them with their ids, in the order given. `legacy`: as a version before
 * the comment summary wrote them (comments only).
 */
export async function seedPosts(
  posts: SeedPost[],
  { legacy = false }: { legacy?: boolean } = {},
): Promise<StoredPost[]> {
  const client = firestore();
  const stored = posts.map((post, index) => ({
    ...post,
    id: `seed${String(index).padStart(4, '0')}x${sequence}`,
  }));
  const writes = stored.map(({ id, ...post }) => ({
    update: {
      name: client.name(`posts/${id}`),
      fields: legacy ? toFields(post) : storedFields(post),
    },
  }));
  for (let start = 0; start < writes.length; start += 400) {
    await client.commit(writes.slice(start, start + 400));
  }
  return stored;
}

export async function readPosts(): Promise<StoredPost[]> {
  const documents = await firestore().runQuery({
    from: [{ collectionId: 'posts' }],
    orderBy: [{ field: { fieldPath: 'created' }, direction: 'DESCENDING' }],
  });
  return documents.map((document) => decodePost(document.name, document.fields));
}

export async function readPost(id: string): Promise<StoredPost | null> {
  return (await readPosts()).find((post) => post.id === id) ?? null;
}

/** A post's stored search words; null without any (as a post written before them). */
export async function readStoredWords(id: string): Promise<string[] | null> {
  const words = (await firestore().get(`posts/${id}`))?.fields.words;
  if (!words || !('arrayValue' in words)) return null;
  return (words.arrayValue.values ?? []).map((value) =>
    'stringValue' in value ? value.stringValue : '',
  );
}

/**
 * The comment count stored beside a post's comments; null without one (an older version's post).
 */
export async function readCommentCount(id: string): Promise<number | null> {
  const [document] = await firestore().runQuery({
    from: [{ collectionId: 'posts' }],
    where: {
      fieldFilter: {
        field: { fieldPath: '__name__' },
        op: 'EQUAL',
        value: { referenceValue: firestore().name(`posts/${id}`) },
      },
    },
  });
  const count = document?.fields.commentCount;
  return count && 'integerValue' in count ? Number(count.integerValue) : null;
}

/** A write to posts/{id} made on another device, with the post's change stamp. */
function commitElsewhere(id: string, write: Record<string, unknown>): Promise<void> {
  return commitPostWrite(firestore(), id, write);
}

/** Deletes a post behind the app's back, as the administrator on another device would. */
export async function deleteStoredPost(id: string): Promise<void> {
  await commitElsewhere(id, { delete: firestore().name(`posts/${id}`) });
}

/** Publishes a post on another device; returns it with its id. */
export async function publishElsewhere(post: SeedPost): Promise<StoredPost> {
  sequence += 1;
  const id = `elsewhere${sequence}`;
  await commitElsewhere(id, {
    update: { name: firestore().name(`posts/${id}`), fields: storedFields(post) },
  });
  return { ...post, id };
}

/**
 * Pins post `id` on top (null: unpins) on another device, as the administrator's pin write does:
 * the post pinned before unpinned, the pin naming the new one, each post stamped, in one commit.
 */
export async function pinElsewhere(id: string | null, before: string | null = null): Promise<void> {
  const client = firestore();
  const flag = (post: string, pinned: boolean) => [
    {
      update: { name: client.name(`posts/${post}`), fields: toFields({ pinned }) },
      updateMask: { fieldPaths: ['pinned'] },
      currentDocument: { exists: true },
    },
    changeStamp(client, post),
  ];
  await client.commit([
    ...(before === null ? [] : flag(before, false)),
    ...(id === null ? [] : flag(id, true)),
    {
      update: {
        name: client.name(CLUB_PIN),
        fields: toFields({ post: id, at: new Date() }),
      },
    },
  ]);
}

/** Edits a post's content on another device. */
export async function editElsewhere(id: string, content: string): Promise<void> {
  await commitElsewhere(id, {
    update: { name: firestore().name(`posts/${id}`), fields: toFields({ content }) },
    updateMask: { fieldPaths: ['content'] },
    currentDocument: { exists: true },
  });
}

/** Appends a comment on another device, with the summary the rules require beside it. */
export async function commentElsewhere(id: string, comment: SeedPost['comments'][number]) {
  const stored = await readPost(id);
  if (!stored) throw new Error(`No post ${id} to comment on`);
  await commitElsewhere(id, {
    update: {
      name: firestore().name(`posts/${id}`),
      fields: storedFields({ comments: [...stored.comments, comment] }),
    },
    updateMask: { fieldPaths: ['comments', 'commentCount', 'cardComments'] },
    currentDocument: { exists: true },
  });
}

/** Forgets when each account last commented, as if the rate limit's 10 seconds had passed. */
export async function forgetCommentTimes(): Promise<void> {
  const client = firestore();
  const stamps = await client.runQuery({ from: [{ collectionId: 'commenters' }] });
  if (stamps.length > 0) await client.commit(stamps.map(({ name }) => ({ delete: name })));
}

function decodePost(name: string, fields: Fields): StoredPost {
  const text = (value: Fields[string] | undefined) =>
    value && 'stringValue' in value ? value.stringValue : '';
  const created = fields.created;
  const comments = fields.comments;
  return {
    ...('status' in fields && { status: text(fields.status) }),
    ...('deal' in fields && { deal: text(fields.deal) }),
    ...('pinned' in fields && {
      pinned: 'booleanValue' in fields.pinned && fields.pinned.booleanValue,
    }),
    id: name.slice(name.lastIndexOf('/') + 1),
    title: text(fields.title),
    content: text(fields.content),
    imageUrl: text(fields.imageUrl),
    link: text(fields.link),
    created: created && 'integerValue' in created ? Number(created.integerValue) : Number.NaN,
    comments: (comments && 'arrayValue' in comments ? (comments.arrayValue.values ?? []) : []).map(
      (value) => {
        const comment = 'mapValue' in value ? (value.mapValue.fields ?? {}) : {};
        return { user: text(comment.user), text: text(comment.text), date: text(comment.date) };
      },
    ),
  };
}

/** A deal as stored (src/features/deals/data/deal.ts), `changed` in milliseconds. */
export type SeedDeal = Omit<Deal, 'open'>;

/** Writes deals/{id} for each deal, as the rules would have left it. */
export async function seedDeals(deals: SeedDeal[]): Promise<void> {
  const client = firestore();
  await client.commit(
    deals.map(({ id, changed, ...deal }) => ({
      update: {
        name: client.name(`${DEALS}/${id}`),
        fields: toFields({ ...deal, open: isOpenStatus(deal.status), changed: new Date(changed) }),
      },
    })),
  );
}

/**
 * Publishes a post in a deal on another device, moving the deal on as that device's commit would
 * (`deal` is its summary after the post, dealAfterPost's); returns the post with its id.
 */
export async function publishInDealElsewhere(post: SeedPost, deal: SeedDeal): Promise<StoredPost> {
  sequence += 1;
  const id = `elsewhere${sequence}`;
  const client = firestore();
  // `changed` is the commit's own time, as the app's is.
  const { name, status, history } = deal;
  await client.commit([
    { update: { name: client.name(`posts/${id}`), fields: toFields(post) } },
    {
      update: {
        name: client.name(`${DEALS}/${deal.id}`),
        fields: toFields({ name, status, history, post: id, open: isOpenStatus(status) }),
      },
      updateTransforms: [{ fieldPath: 'changed', setToServerValue: 'REQUEST_TIME' }],
    },
    changeStamp(client, id),
  ]);
  return { ...post, id };
}

/** A deal as stored (its fields in REST form), or null when there is none. */
export async function readStoredDeal(id: string): Promise<Fields | null> {
  return (await firestore().get(`${DEALS}/${id}`))?.fields ?? null;
}
