import { describeProblem } from '../../../shared/errors/messages';
import { LIMITS } from '../../../shared/limits';
import type { PostDeal } from '../../../shared/posts/post';
import { textProblem } from '../../../shared/text/textChecks';

/** Why the rules would refuse a new deal's name (a known deal's is already stored), or null. */
export function dealNameProblem(deal: PostDeal | undefined): string | null {
  if (!deal) return null;
  return describeProblem(
    'deal name',
    textProblem(deal.name, LIMITS.dealNameChars, LIMITS.dealNameBytes),
  );
}
