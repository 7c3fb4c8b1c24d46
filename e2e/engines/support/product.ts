// The product under test for one engine: the real server (e2e/support/product-server.ts, i.e. what
// `npm start` runs, on the production build) on a fresh SQLite file, an admin made with the project's own
// `user:add`, the cuttable proxy the browser reaches it through, and what staff see through the admin API
// (real HTTP with a real session) to check what was stored.
import type { Lead, LeadInput, SampleRequest, Stats } from '../../../api/src/contract';
import { addUser } from '../../support/cli';
import { startProductServer, type ProductServer } from '../../support/product-server';
import { startCutProxy, type CutProxy } from './cut-proxy';

/** Public forms send how long the person took; a person's time keeps the fill-time spam guard quiet. */
const HUMAN_FILL_MS = 8000;

export interface Product {
  server: ProductServer;
  proxy: CutProxy;
  admin: { email: string; password: string };
  /**
   * The leads (captures included) whose e-mail is this one, suspected spam too: the admin's default list
   * leaves out what waits in quarantine (`?spam=1`), where a duplicate might land, so both are read.
   */
  leadsWithEmail(email: string): Promise<Lead[]>;
  /** The same for sample requests, among the newest 500 of each list. */
  sampleRequestsWithEmail(email: string): Promise<SampleRequest[]>;
  /** The dashboard's numbers, as the admin API answers them. */
  stats(): Promise<Stats>;
  /** A lead sent straight to the server, as the public API takes it (not through the proxy). */
  submitLead(lead: LeadInput): Promise<Lead>;
  stop(): Promise<void>;
}

export async function startProduct(engine: string): Promise<Product> {
  const server = await startProductServer({});
  const proxy = await startCutProxy(Number(new URL(server.url).port));
  const admin = { email: `admin-${engine}-${Date.now()}@example.com`, password: 'engines-admin-password' };
  addUser(admin.email, admin.password, 'admin', 'Engine Admin', server.database);

  let cookie: string | undefined;
  const get = async <T>(path: string): Promise<T> => {
    if (!cookie) {
      const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
      if (!login.ok) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
      cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    }
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  return {
    server,
    proxy,
    admin,
    leadsWithEmail: async (email) => {
      const lists = await Promise.all(['', '&spam=1'].map((spam) => get<Lead[]>(`/api/admin/leads?limit=500&q=${encodeURIComponent(email)}${spam}`)));
      return lists.flat().filter((l) => l.email === email);
    },
    sampleRequestsWithEmail: async (email) => {
      const lists = await Promise.all(['', '&spam=1'].map((spam) => get<SampleRequest[]>(`/api/admin/print-samples?limit=500${spam}`)));
      return lists.flat().filter((r) => r.email === email);
    },
    stats: () => get<Stats>('/api/admin/stats'),
    submitLead: async (lead) => {
      const res = await fetch(`${server.url}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ elapsedMs: HUMAN_FILL_MS, ...lead }) });
      if (res.status !== 201) throw new Error(`POST /api/leads: ${res.status} ${await res.text()}`);
      return (await res.json()) as Lead;
    },
    stop: async () => {
      await proxy.close();
      await server.stop();
    },
  };
}
