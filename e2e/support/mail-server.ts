// A product server of a spec's own whose mail goes to a local SMTP server (api/src/testing/fake-smtp.ts), with one
// account made on it, and the browser contexts the spec opens there: all started before the spec's tests and
// ended after them.
import { test, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { startFakeSmtp, type FakeSmtp } from '../../api/src/testing/fake-smtp';
import { addUser } from './cli';
import { startProductServer, type ProductServer } from './product-server';

export interface MailServer {
  readonly smtp: FakeSmtp;
  readonly server: ProductServer;
  /** A browser context on this server (service workers blocked), closed after the spec. */
  newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext>;
}

/** `env`: settings the server starts with besides SMTP_URL (a shorter MAIL_DIGEST_WINDOW_MS, …). */
export function useMailServer(account: { email: string; password: string; role: 'admin' | 'rep'; name: string }, env: Record<string, string> = {}): MailServer {
  let smtp: FakeSmtp | undefined;
  let server: ProductServer | undefined;
  const contexts: BrowserContext[] = [];
  test.beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startProductServer({ ...env, SMTP_URL: smtp.url });
    addUser(account.email, account.password, account.role, account.name, server.database);
  });
  test.afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close();
    await server?.stop();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMailServer: read before the spec started its server');
    return value;
  };
  return {
    get smtp() {
      return started(smtp);
    },
    get server() {
      return started(server);
    },
    async newContext(browser, options = {}) {
      const context = await browser.newContext({ baseURL: started(server).url, serviceWorkers: 'block', ...options });
      contexts.push(context);
      return context;
    },
  };
}
