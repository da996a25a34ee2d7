/**
 * Google's Firestore emulator keeps, per project, a report of which rules and conditions the
 * project's requests evaluated and to what (`/emulator/v1/projects/<id>:ruleCoverage.html`). Each
 * rules test file's harness saves its project's report here when it closes (harness.ts), and the
 * global teardown (globalSetup.ts) lists the reports of the run, so a reviewer sees which
 * conditions no test exercised. coverage/ is not committed.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export const RULES_COVERAGE_DIR = join(ROOT, 'coverage', 'rules');

export function rulesCoveragePath(projectId: string): string {
  return join(RULES_COVERAGE_DIR, `${projectId}.html`);
}

/** Fetches the engine's report of `projectId` and writes it to rulesCoveragePath(projectId). */
export async function saveRulesCoverage(engineUrl: string, projectId: string): Promise<string> {
  const response = await fetch(`${engineUrl}/emulator/v1/projects/${projectId}:ruleCoverage.html`);
  const html = await response.text();
  if (!response.ok) {
    throw new Error(`no rules coverage report for ${projectId}: ${response.status} ${html}`);
  }
  const path = rulesCoveragePath(projectId);
  mkdirSync(RULES_COVERAGE_DIR, { recursive: true });
  writeFileSync(path, html);
  return path;
}

/**
 * saveRulesCoverage at the end of a test file, where a missing report is no failure of the file's
 * rules: Google's emulator answers 500 (with the JSON report too) for some projects, seen for the
 * ones whose requests carry the largest documents (the attack matrix, the worst-case post). Then
 * an older report of the project is removed, so none is taken for this run's, and a line says so.
 */
export async function saveRulesCoverageIfAny(engineUrl: string, projectId: string): Promise<void> {
  try {
    await saveRulesCoverage(engineUrl, projectId);
  } catch (error) {
    rmSync(rulesCoveragePath(projectId), { force: true });
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.warn(`Rules coverage of ${projectId} not saved: ${reason.slice(0, 120)}`);
  }
}

/** The reports written since `since` (milliseconds), as paths relative to the repository. */
export function reportsSince(since: number): string[] {
  let names: string[];
  try {
    names = readdirSync(RULES_COVERAGE_DIR);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(RULES_COVERAGE_DIR, name))
    .filter((path) => statSync(path).mtimeMs >= since)
    .map((path) => relative(ROOT, path))
    .sort();
}
