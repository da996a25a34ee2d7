/** The message for a text the rules would refuse (see textProblem); the typed text stays. */
export function describeProblem(
  field: 'title' | 'content' | 'comment',
  problem: string | null,
  outcome = 'Not saved',
): string | null {
  if (problem === null) return null;
  const what = problem === 'too long' ? 'too many characters' : problem;
  return `${outcome}: the ${field} has ${what}.`;
}
