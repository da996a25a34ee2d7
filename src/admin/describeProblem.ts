/** The message for a title or content the rules would refuse; the typed text stays. */
export function describeProblem(field: 'title' | 'content', problem: string | null): string | null {
  if (problem === null) return null;
  const what = problem === 'too long' ? 'too many characters' : problem;
  return `Not saved: the ${field} has ${what}.`;
}
