import { describeProblem } from '../data/messages';
import { LIMITS } from '../data/limits';
import type { PostDeal } from '../data/post';
import { textProblem } from '../data/textChecks';

/** Why the rules would refuse a new deal's name (a known deal's is already stored), or null. */
export function dealNameProblem(deal: PostDeal | undefined): string | null {
  if (!deal) return null;
  return describeProblem(
    'deal name',
    textProblem(deal.name, LIMITS.dealNameChars, LIMITS.dealNameBytes),
  );
}
