// The accessibility check every screen gets: axe-core finds no serious or critical violation (WCAG 2.1 A and
// AA, and best practice).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // Axe reads colours as painted: a dialog or toast still fading in has its text at part opacity, which would
  // count as too little contrast. Finite transitions and animations end first (a spinner's never does).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}
