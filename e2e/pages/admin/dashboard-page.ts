// /admin: stat cards, chart, and the Recent Leads table with its search, filter, paging and export.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class DashboardPage extends AdminShell {
  readonly searchBox: Locator;
  readonly statusFilter: Locator;
  /** Below 640 px the filters fold behind this button (its name says how many are set). */
  readonly filtersButton: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly emptyText: Locator;
  readonly loadMore: Locator;
  readonly exportCsv: Locator;
  readonly chart: Locator;
  /** The Recent Leads list itself (a table, or cards below 640 px), inside the section of that name. */
  readonly list: Locator;

  constructor(page: Page) {
    super(page);
    this.searchBox = page.getByRole('searchbox', { name: 'Search leads' });
    this.statusFilter = page.getByRole('combobox', { name: 'Status' });
    this.filtersButton = page.getByRole('button', { name: /^Filters\b/ });
    this.table = page.getByRole('region', { name: 'Recent Leads' }).getByRole('table');
    this.list = page.locator('[role="region"][aria-label="Recent Leads"]');
    // A lead is a table row from 640 px, a card below.
    this.rows = this.list.locator('tbody > tr, ul > li');
    this.emptyText = page.getByText('No leads found', { exact: true });
    this.loadMore = page.getByRole('button', { name: 'Load more' });
    this.exportCsv = page.getByRole('link', { name: 'Export CSV' });
    this.chart = page.getByRole('figure').filter({ hasText: 'Leads per day' });

  }

  goto() {
    return this.page.goto('/admin');
  }

  /** Types a search and waits for the server's answer to it (the box waits for typing to settle first). */
  async search(text: string): Promise<void> {
    const answered = this.page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/admin/leads' && url.searchParams.get('q') === text && !url.searchParams.has('before');
    });
    await this.searchBox.fill(text);
    await answered;
  }

  /** On a phone, opens the folded filters (status, event, rating, …); from 640 px they are always shown. */
  async showFilters(): Promise<void> {
    // The search box is always shown with the filters: once it is there, so is the button (at a phone's width).
    await this.searchBox.waitFor();
    if ((await this.filtersButton.isVisible()) && (await this.filtersButton.getAttribute('aria-expanded')) !== 'true') await this.filtersButton.click();
  }

  /** The value shown on the stat card with this label. */
  stat(label: string): Locator {
    return this.page.locator('dl > div').filter({ has: this.page.getByText(label, { exact: true }) }).locator('dd').first();
  }

  row(email: string): Locator {
    return this.rows.filter({ hasText: email });
  }

  /** The button on a lead's name, which opens its details (and holds the focus when j / k select it). */
  openButton(row: Locator): Locator {
    return row.locator('button[aria-haspopup="dialog"]');
  }

  /** The status badge is the row's last cell. */
  statusOf(email: string): Locator {
    return this.row(email).locator('td').last().locator('span');
  }
}
