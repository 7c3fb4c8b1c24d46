// The accessibility check every screen gets: axe-core finds no serious or critical violation (WCAG 2.1 A and
// AA, and best practice).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Axe reads colours as painted: a dialog or toast part-way through a fade has its text at part opacity, which
// counts as too little contrast, and a toast's exit fade starts at a moment of its own (its timer), which can
// fall inside axe's run (a slow CI run read two that way). While axe runs, every transition and animation jumps
// to its end, as a screenshot with `animations: 'disabled'` does: what is read is each element as it settles,
// at once, instead of waiting seconds for toasts to leave (which made slow runs slower still).
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }';

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const style = await page.addStyleTag({ content: NO_MOTION });
  try {
    // Transitions already under way end with the style; the page gets a frame to paint their end states.
    await page.evaluate(() => new Promise((resolve) => { requestAnimationFrame(() => requestAnimationFrame(resolve)); setTimeout(resolve, 100); }));
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  } finally {
    // The page may have navigated meanwhile (the tag is gone with it).
    await style.evaluate((el) => (el as Element).remove()).catch(() => {});
  }
}
