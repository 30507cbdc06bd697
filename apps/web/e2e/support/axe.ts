import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settleAnimations } from './animations';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

type AxeViolation = {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * Runs axe-core inside the page (WCAG 2.x A and AA rules plus best practices)
 * and fails with a readable list when it finds a serious or critical
 * violation. Minor and moderate findings are left to review.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  // Contrast is judged on what is painted: a dialog still fading in shows blended colours.
  await settleAnimations(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const lines = serious.map((v) => {
    const targets = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `      ${JSON.stringify(n.target)}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
      )
      .join('\n');
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}`;
  });
  throw new Error(`axe found ${serious.length} serious or critical violation(s) on ${label}:\n${lines.join('\n')}`);
}
