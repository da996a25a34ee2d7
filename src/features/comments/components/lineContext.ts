import type { AppUser } from '../../../shared/permissions/permissions';
import type { Comment } from '../../../shared/posts/post';
import type { CommentedPost } from '../../feed/data/writes';

/** Who may reply on this card, and to which post: null for nobody (a visitor, a closed post). */
export interface Replier {
  user: AppUser;
  post: CommentedPost;
  /** The post's title element, so the reply box's button says which post it is for. */
  titleId: string;
}

/** Who may like comments on this card, and on which post: null for nobody (a visitor). */
export interface Liker {
  user: AppUser;
  post: CommentedPost;
}

/** What every line of a card's comments and replies is told. */
export interface LineContext {
  postId: string;
  /** Every comment the page knows of this list: Remove asks which copies of a doubled one go. */
  known: readonly Comment[];
  /**
   * Whether the signed-in user may remove this comment (hides the button only; the rules decide).
   */
  canRemove: (comment: Comment) => boolean;
  /** The signed-in fan's account, who may report comments; null for nobody. */
  reporter: AppUser | null;
  /** Whether the signed-in user may report this comment (someone else's). */
  canReport: (comment: Comment) => boolean;
  /** Who may reply here; null for nobody. */
  replier: Replier | null;
  /** Who may like comments here (each but their own); null for nobody. */
  liker: Liker | null;
}
