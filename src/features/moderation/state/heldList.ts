import type { HeldComment } from '../../comments/data/review';
import type { HeldCursor, HeldPage } from '../store/heldReview';
import type { ModerationStatus } from './commentList';

export interface HeldListState {
  /** Which read the list belongs to: a Retry starts a new one, and an older answer is dropped. */
  read: number;
  /** Oldest first. */
  held: HeldComment[];
  next: HeldCursor | null;
  status: ModerationStatus;
}

export type HeldListAction =
  | { type: 'reload' }
  | { type: 'loading' }
  | { type: 'page'; read: number; page: HeldPage; first: boolean }
  | { type: 'failed'; read: number }
  | { type: 'answered'; id: string };

export const INITIAL_HELD_LIST: HeldListState = {
  read: 0,
  held: [],
  next: null,
  status: 'loading',
};

/** The held comments' transitions: Retry, pages, and one approved or rejected leaving the list. */
export function heldListReducer(state: HeldListState, action: HeldListAction): HeldListState {
  switch (action.type) {
    case 'reload':
      return { ...state, read: state.read + 1, status: 'loading' };
    case 'loading':
      return { ...state, status: 'loading' };
    case 'page': {
      if (action.read !== state.read) return state;
      const { held, next } = action.page;
      return {
        ...state,
        held: action.first ? held : [...state.held, ...held],
        next,
        status: 'ready',
      };
    }
    case 'failed':
      return action.read === state.read ? { ...state, status: 'failed' } : state;
    case 'answered':
      return { ...state, held: state.held.filter((each) => each.id !== action.id) };
  }
}
