import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page as it is. Rules: WCAG 2.0/2.1 A and AA, axe's best practices and
 * label-content-name-mismatch. Any serious or critical violation fails (softly, so one run lists
 * every screen's); milder ones are printed. axe is injected as a script, so a spec using this lets
 * Playwright bypass our CSP (`test.use({ bypassCSP: true })`).
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

async function violations(page: Page): Promise<AxeViolation[]> {
  // Contrast is measured on the settled page: a toast or dialog still fading in is half transparent.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    // Toasts (sonner) come and go on a timer, fading in while axe reads the page: their contrast
    // was measured half transparent. Their colours are set for AA in index.css; the page is checked.
    const result = await axe.run(
      { include: [document], exclude: [['[data-sonner-toaster]']] },
      {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        // Experimental in axe, but the issue's watch page failed it: run it everywhere.
        rules: { 'label-content-name-mismatch': { enabled: true } },
      },
    );
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  });
}

/** Milder rules that once failed here and were fixed: they fail the spec too, so they stay fixed. */
const KEPT_FIXED = new Set(['heading-order']);

export async function expectAccessible(page: Page, name: string) {
  const found = await violations(page);
  const fails = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical' || KEPT_FIXED.has(v.id);
  const mild = found.filter((v) => !fails(v));
  if (mild.length > 0) console.log(`${name}: ${mild.map((v) => `${v.impact} ${v.id}`).join(', ')}`);
  const blocking = found
    .filter(fails)
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')})`);
  expect.soft(blocking, name).toEqual([]);
}
