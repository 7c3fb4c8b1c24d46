// Every toast the page shows, recorded as it appears. The Unauthorized toast lives only 500 ms before the
// page navigates away, and Playwright's locator checks wait for a navigation to finish, so the page reports
// its toasts itself through an exposed function, which outlives the navigation.
import type { Page } from '@playwright/test';

export interface SeenToast {
  title: string;
  description: string | null;
  type: string | null;
}

export async function recordToasts(page: Page): Promise<SeenToast[]> {
  const seen: SeenToast[] = [];
  await page.exposeFunction('__reportToast', (title: string, description: string | null, type: string | null) => {
    seen.push({ title, description, type });
  });
  await page.addInitScript(() => {
    const reported = new WeakSet<Element>();
    const report = (window as unknown as { __reportToast: (t: string, d: string | null, k: string | null) => void }).__reportToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const title = toast.querySelector('[data-title]')?.textContent;
        if (reported.has(toast) || !title) continue;
        reported.add(toast);
        report(title, toast.querySelector('[data-description]')?.textContent ?? null, toast.getAttribute('data-type'));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return seen;
}
