import { describeProblem } from '../../../shared/errors/messages';
import { LIMITS } from '../../../shared/limits';
import { textProblem } from '../../../shared/text/textChecks';
import type { NewPost, PostDeal } from '../../../shared/posts/post';
import { dealNameProblem } from './dealNameProblem';

/** What the post form holds: the post's fields, with the deal as typed. */
export interface PostFormFields extends Omit<NewPost, 'deal'> {
  deal: string;
}

export const EMPTY_POST_FORM: PostFormFields = {
  title: '',
  content: '',
  imageUrl: '',
  link: '',
  deal: '',
};

const contentProblem = (content: string) =>
  describeProblem('content', textProblem(content, LIMITS.contentChars, LIMITS.contentBytes));

/** Why the rules would refuse a new post's title, content or new deal's name, or null. */
export function newPostProblem(
  title: string,
  content: string,
  deal: PostDeal | undefined,
): string | null {
  return (
    describeProblem('title', textProblem(title, LIMITS.titleChars, LIMITS.titleBytes)) ??
    contentProblem(content) ??
    dealNameProblem(deal)
  );
}

/**
 * Why the rules would refuse an edit's content or deal name, or null. The post's own deal
 * (`current`, its id) is already stored, so its name is not checked again.
 */
export function editProblem(
  content: string,
  deal: PostDeal | undefined,
  current: string | undefined,
): string | null {
  return contentProblem(content) ?? (deal?.id === current ? null : dealNameProblem(deal));
}
