import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import { ROOT } from './env';

declare global {
  interface Window {
    /** Present once scanPage has injected axe-core. */
    axe?: typeof Axe;
  }
}

export interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const AXE_SCRIPT = join(ROOT, 'node_modules/axe-core/axe.min.js');

/** Runs axe-core on the page as it is now; returns the serious and critical violations. */
export async function scanPage(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) {
    // Evaluated through the DevTools protocol rather than added as a <script>: the page's
    // Content-Security-Policy (as deployed) allows no inline script but its own.
    await page.evaluate(readFileSync(AXE_SCRIPT, 'utf8'));
  }
  const findings = await page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return findings.filter(
    (finding) => finding.impact === 'serious' || finding.impact === 'critical',
  );
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `[${finding.impact}] ${finding.id}: ${finding.help}\n  ${finding.targets.slice(0, 5).join('\n  ')}` +
        (finding.targets.length > 5 ? `\n  ... and ${finding.targets.length - 5} more` : ''),
    )
    .join('\n');
}
