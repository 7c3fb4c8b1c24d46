// The last-admin rule said before it bites (issue #30): on a product with one active admin, that admin's "Make rep"
// and "Deactivate" are disabled and say why (the server would refuse both after the confirmation). With a second
// admin the role can change again; one's own account is never deactivated from one's own card. A server of the
// test's own: the shared e2e database has an admin per worker. Pictured at 375 and 1280 px.
import { expect, test, type BrowserContext } from '@playwright/test';
import { TeamPage } from '../../pages/admin/team-page';
import { addUser } from '../../support/cli';
import { startProductServer, type ProductServer } from '../../support/product-server';
import { expectNoSeriousViolations } from './support/screens';

const PASSWORD = 'e2e-only-admin-password';
const LAST_ADMIN = 'There must always be at least one active admin. Make someone else an admin first.';
const NOT_YOURSELF = 'You cannot deactivate your own account.';

let server: ProductServer;
let context: BrowserContext | undefined;

test.beforeAll(async () => {
  server = await startProductServer({});
  addUser('olga.only@example.com', PASSWORD, 'admin', 'Olga Only', server.database);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

// A server of its own, two widths with axe, and a second account added: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('the only active admin - "Make rep" and "Deactivate" disabled with the reason; with a second admin "Make rep" is offered again', async ({ browser }, testInfo) => {
  context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block', viewport: { width: 375, height: 812 } });
  expect((await context.request.post('/api/auth/login', { data: { email: 'olga.only@example.com', password: PASSWORD } })).ok()).toBe(true);
  const page = await context.newPage();
  const team = new TeamPage(page);
  await team.goto();
  const card = team.member('Olga Only');
  const makeRep = team.memberButton('Olga Only', 'Make rep');
  const deactivate = team.memberButton('Olga Only', 'Deactivate');

  for (const [label, width, height] of [['phone', 375, 812], ['desktop', 1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    await expect(makeRep).toBeDisabled();
    await expect(makeRep).toHaveAccessibleDescription(LAST_ADMIN);
    await expect(deactivate).toBeDisabled();
    await expect(deactivate).toHaveAccessibleDescription(LAST_ADMIN);
    await expect(card.getByText(LAST_ADMIN, { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`only-admin-${label}-${width}.png`), fullPage: true, animations: 'disabled' });
  }

  // A second active admin: the first may now become a rep; deactivating oneself stays refused, with that reason.
  addUser('sam.second@example.com', PASSWORD, 'admin', 'Sam Second', server.database);
  await page.reload();
  await expect(team.member('Sam Second')).toBeVisible();
  await expect(makeRep).toBeEnabled();
  await expect(makeRep).toHaveAccessibleDescription('');
  await expect(deactivate).toBeDisabled();
  await expect(deactivate).toHaveAccessibleDescription(NOT_YOURSELF);
  await expect(team.memberButton('Sam Second', 'Make rep')).toBeEnabled();
  await expect(team.memberButton('Sam Second', 'Deactivate')).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('two-admins-1280.png'), fullPage: true, animations: 'disabled' });
});
