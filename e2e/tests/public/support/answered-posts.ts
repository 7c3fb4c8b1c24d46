// Every POST a page sends to one path, carried to the real server by the test itself, so the server's answer is
// known even when the browser gave up on the request (a second press or a navigation cancels the first). Once
// each post sent has its answer, the server has finished with all of them: a count read after `settled()` is
// final, and no fixed wait is needed to see that "nothing more arrived".
import type { Page } from '@playwright/test';

export interface AnsweredPosts {
  /** The bodies of the posts, in the order they left the page. */
  bodies: string[];
  /** The server's status for each answered post. */
  statuses: number[];
  /** Resolves once the server has answered every post sent so far. */
  settled: () => Promise<void>;
}

/** Where a test may hold a post: before it reaches the server, or after the server answered and before the page hears. */
export interface PostHolds {
  beforeSend?: (index: number) => Promise<void>;
  beforeAnswer?: (index: number) => Promise<void>;
}

export async function answeredPosts(page: Page, path: string, holds: PostHolds = {}): Promise<AnsweredPosts> {
  const bodies: string[] = [];
  const statuses: number[] = [];
  const answers: Promise<unknown>[] = [];
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const body = route.request().postData() ?? '';
    bodies.push(body);
    const index = bodies.length - 1;
    const answered = (async () => {
      await holds.beforeSend?.(index);
      const response = await route.fetch({ maxRedirects: 0 });
      statuses.push(response.status());
      await holds.beforeAnswer?.(index);
      // The page may have moved on (a second press, a navigation): the answer is the server's all the same.
      await route.fulfill({ response }).catch(() => undefined);
    })();
    answers.push(answered);
    await answered;
  });
  const settled = async () => {
    // A post may leave while the earlier ones are being answered: look again until none is new.
    for (let seen = -1; seen !== answers.length; ) {
      seen = answers.length;
      await Promise.allSettled(answers);
    }
  };
  return { bodies, statuses, settled };
}
