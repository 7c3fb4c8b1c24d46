// The accessibility check every screen gets: axe-core finds no serious or critical violation (WCAG 2.1 A and
// AA, and best practice).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A toast leaves by fading out at a moment of its own (its timer), which can fall inside axe's run and be read at
  // part opacity (a slow CI run did, twice). The screen is checked once its toasts have gone, up to 10 s; a toast
  // that stays longer (an error kept on screen) is checked as it stands.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  // Axe reads colours as painted: a dialog or toast still fading in has its text at part opacity, which would
  // count as too little contrast. Finite transitions and animations end first (a spinner's never does), and stay
  // ended for a moment: a toast mounted just before the check starts its transition a frame or two later (seen on
  // a slow machine: the check passed, then axe read a toast at part opacity).
  await page.waitForFunction(async () => {
    const settled = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    if (!settled()) return false;
    await new Promise((resolve) => setTimeout(resolve, 150));
    return settled();
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}
