// The staff screens' pages, loaded through this one module. The bundler writes each dynamic import's list of
// chunks to preload beside the import; made here, those lists (every staff screen's chunks, named with hashes
// that change with any staff code) live in this module's small chunk, and the entry every public page loads
// names only this one. A staff screen's first load costs one more small request; public pages carry nothing
// of the staff's (the budget in e2e/tests/public/bundle-budget.spec.ts).
export const ADMIN_PAGES = {
  dashboard: () => import('../pages/admin/dashboard-page'),
  samples: () => import('../pages/admin/samples-page'),
  pricing: () => import('../pages/admin/pricing-page'),
  capture: () => import('../pages/admin/capture-page'),
  team: () => import('../pages/admin/team-page'),
  privacy: () => import('../pages/admin/privacy-page'),
  mail: () => import('../pages/admin/mail-page'),
  devices: () => import('../pages/admin/devices-page'),
};

export type AdminPageName = keyof typeof ADMIN_PAGES;
