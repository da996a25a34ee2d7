import type { Comment, CommentSummary } from '../../../shared/posts/post';
import type { PostChanges } from '../../../shared/posts/changes';
import type { Cursor, PostsPage } from '../../../shared/posts/page';
import type { Post, PostEdit } from '../../../shared/posts/post';

/**
 * The feed's one state and its one reducer: pages, this page's writes, the shared post, the pinned
 * post and live changes all go through it. Actions are plain data.
 *
 * A post's life on the page has one word for each state:
 * - shown: in `posts` (or waiting in `incoming` until the reader asks for new posts);
 * - shared: the post a permalink names, listed first (`shared`);
 * - pinned: the post the club pins on top, listed first after a shared post (`pinned`);
 * - deleted elsewhere: deleted by another page since it was read (`deletedElsewhere`): hidden
 *   unless the reader is using its card; a post deleted from this page just leaves;
 * - missing: a permalink names a post that does not exist (never did, malformed, or deleted).
 */
export type FeedStatus = 'loading' | 'ready' | 'failed';

export interface FeedState {
  /** The posts shown, in feed order. */
  posts: Post[];
  /** New posts the live checks found, newest first: shown when the reader asks, not before. */
  incoming: Post[];
  /** Loaded posts deleted elsewhere: they leave the feed unless the reader is using their card. */
  deletedElsewhere: ReadonlySet<string>;
  nextCursor: Cursor | null;
  status: FeedStatus;
  /** Whether the page being loaded (or that failed) is the first one. */
  firstPage: boolean;
  /** When Firestore read the first page: the live checks ask for changes after it. */
  readTime: string | null;
  /** The post a permalink names; null without a permalink. Read it through sharedPostOf(). */
  shared: SharedPost | null;
  /**
   * The post the club pins on top: null when none is; undefined until index.html's read of it has
   * answered (the first page waits for it, as for a shared post, so it is on the first paint).
   */
  pinned: Post | null | undefined;
  /**
   * The first page, arrived before the shared or pinned post's answer: shown with that answer, in
   * the same render, so the first card painted is the shared one and nothing lands above the newest
   * later.
   */
  held: PostsPage | null;
  /**
   * The read time of the last live check that found a post changed elsewhere (null: none yet):
   * the moderation view looks for new comments then, so it costs no read of its own otherwise.
   */
  changedAt: string | null;
}

export type SharedPostState = 'loading' | 'shown' | 'missing' | 'failed';

export interface SharedPost {
  id: string;
  post: Post | null;
  /** 'missing': no such post; 'failed': it could not be read (Retry reads it again). */
  status: SharedPostState;
}

/** This page's writes, once Firestore has committed them. */
export type WriteAction =
  | { type: 'added'; post: Post }
  | { type: 'edited'; id: string; edit: PostEdit }
  /**
   * `summary`: the post's comment summary after it (src/features/comments/store/commentWrites.ts
   * addComment).
   */
  | { type: 'commented'; id: string; summary: CommentSummary }
  /** A comment the post's summary counted, removed here. */
  | { type: 'commentRemoved'; id: string; comment: Comment }
  | { type: 'closed'; id: string; closed: boolean }
  | { type: 'deleted'; id: string };

export type FeedAction =
  | { type: 'loading'; firstPage: boolean }
  | { type: 'loaded'; page: PostsPage; firstPage: boolean }
  | { type: 'failed' }
  | WriteAction
  /** What a live check found changed elsewhere. */
  | { type: 'changed'; changes: PostChanges }
  | { type: 'showIncoming' }
  | { type: 'shared'; shared: SharedPost }
  /** The pinned post as read, or as this page's pin or unpin left it (null: none). */
  | { type: 'pinned'; pinned: Post | null };

/** How a live check's findings change the feed (features/live/data/applyChanges.ts). */
export type ChangesApplier = (state: FeedState, changes: PostChanges) => FeedState;

/**
 * applyChanges, given by the live checks' code when it loads (features/live/state/liveChecks.ts):
 * only live checks report changes, so a visitor's first load need not carry it (it is near 1 KB).
 */
let applyChanges: ChangesApplier | null = null;

export function provideChangesApplier(apply: ChangesApplier): void {
  applyChanges = apply;
}

/** How this page's committed writes change the feed (./applyWrite.ts). */
export type WriteApplier = (state: FeedState, action: WriteAction) => FeedState;

/**
 * applyWrite, given by the page's write code when it loads (features/feed/state/afterLoad): only
 * that code dispatches writes, so a visitor's first load need not carry it.
 */
let applyWrite: WriteApplier | null = null;

export function provideWriteApplier(apply: WriteApplier): void {
  applyWrite = apply;
}

export function initialFeedState(
  arrived: PostsPage | null,
  shared: SharedPost | null,
  pinned: Post | null | undefined,
): FeedState {
  const loading: FeedState = {
    posts: [],
    incoming: [],
    deletedElsewhere: new Set<string>(),
    nextCursor: null,
    status: 'loading',
    firstPage: true,
    readTime: null,
    shared,
    pinned,
    held: null,
    changedAt: null,
  };
  return arrived
    ? feedReducer(loading, { type: 'loaded', page: arrived, firstPage: true })
    : loading;
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  // Over 60 lines on purpose: one case per action reads as a table of what each action does.
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading', firstPage: action.firstPage };
    case 'loaded': {
      const { page, firstPage } = action;
      if (firstPage) {
        return showHeld({ ...state, held: page });
      }
      // A post shown from `incoming` (or added here) since the cursor was taken is not repeated.
      const loaded = new Set(state.posts.map((post) => post.id));
      const posts = [...state.posts, ...page.posts.filter((post) => !loaded.has(post.id))];
      return { ...state, posts, nextCursor: page.nextCursor, status: 'ready' };
    }
    case 'failed':
      return { ...state, status: 'failed' };
    case 'changed': {
      const { changes } = action;
      const found = changes.posts.length > 0 || changes.deleted.length > 0;
      // Never null here: only the live checks' code reports changes, and it provides this first.
      if (!applyChanges) return state;
      return { ...applyChanges(state, changes), ...(found && { changedAt: changes.since }) };
    }
    case 'showIncoming': {
      if (state.incoming.length === 0) return state;
      const shown = new Set(state.incoming.map((post) => post.id));
      const rest = state.posts.filter((post) => !shown.has(post.id));
      return { ...state, posts: [...state.incoming, ...rest], incoming: [] };
    }
    case 'shared':
      return showHeld({ ...state, shared: action.shared });
    case 'pinned':
      return showHeld(markPinned({ ...state, pinned: action.pinned }, action.pinned?.id ?? null));
    default:
      // This page's writes. Never null here: only the write code dispatches them, and it provides
      // this first.
      return applyWrite ? applyWrite(state, action) : state;
  }
}

/**
 * Every copy of a post the page holds says whether it is the pinned one: a card's 'Pinned' mark
 * and the administrator's 'Pin to top' or 'Unpin' follow the post's own field. A pin or unpin
 * moves the mark here at once; a live check brings each post's field as stored.
 */
function markPinned(state: FeedState, pinnedId: string | null): FeedState {
  const mark = (post: Post): Post => {
    const pinned = post.id === pinnedId;
    if (pinned === (post.pinned === true)) return post;
    if (pinned) return { ...post, pinned: true };
    const unpinned = { ...post };
    delete unpinned.pinned;
    return unpinned;
  };
  const { shared } = state;
  return {
    ...state,
    posts: state.posts.map(mark),
    incoming: state.incoming.map(mark),
    shared: shared?.post ? { ...shared, post: mark(shared.post) } : shared,
    pinned: state.pinned && mark(state.pinned),
  };
}

/** The held first page shown once neither the shared nor the pinned post is still being read. */
function showHeld(state: FeedState): FeedState {
  const { held } = state;
  return held && state.shared?.status !== 'loading' && state.pinned !== undefined
    ? showFirstPage({ ...state, held: null }, held)
    : state;
}

function showFirstPage(state: FeedState, page: PostsPage): FeedState {
  return {
    ...state,
    posts: page.posts,
    incoming: [],
    deletedElsewhere: new Set(),
    nextCursor: page.nextCursor,
    status: 'ready',
    readTime: page.readTime,
  };
}

/**
 * The shared post as the page shows it, decided here only: one deleted elsewhere since it was read
 * is missing (its card stays only while the reader is using it, through `deletedElsewhere`).
 */
export function sharedPostOf(
  shared: SharedPost | null,
  deletedElsewhere: ReadonlySet<string>,
): SharedPost | null {
  if (!shared || !deletedElsewhere.has(shared.id)) return shared;
  return { ...shared, status: 'missing' };
}

/**
 * The posts in the order the feed lists them: the shared one, then the pinned one, then the rest
 * newest first; none twice.
 */
export function listedPosts(
  posts: Post[],
  shared: SharedPost | null,
  pinned?: Post | null,
): Post[] {
  const top: Post[] = [];
  const onTop = (post: Post) => top.some(({ id }) => id === post.id);
  for (const post of [shared?.post, pinned]) if (post && !onTop(post)) top.push(post);
  return top.length > 0 ? [...top, ...posts.filter((post) => !onTop(post))] : posts;
}
