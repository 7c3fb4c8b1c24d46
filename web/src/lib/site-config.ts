// The provider's facts (name, phone, e-mail, address, founding year, external links). Pages read them from here and
// never hard-code them; each can be overridden at build time by the SITE_* variable named beside it. Defaults are
// obvious placeholders. Under Vite, import.meta.env holds the SITE_* values baked in at build time. Node (the browser
// tests, which check pages against these facts) has no import.meta.env and reads the same variables instead.
const env: Partial<ImportMetaEnv> = import.meta.env ?? (globalThis as { process?: { env: Partial<ImportMetaEnv> } }).process?.env ?? {};

export const siteConfig = {
  companyName: env.SITE_COMPANY_NAME || 'DirectMailers',
  phone: env.SITE_PHONE || '(800) 555-0199',
  email: env.SITE_EMAIL || 'hello@directmailers.example',
  supportPhone: env.SITE_SUPPORT_PHONE || '(800) 555-0198',
  supportEmail: env.SITE_SUPPORT_EMAIL || 'support@directmailers.example',
  address: env.SITE_ADDRESS || '100 Example Way, Suite 200, Springfield, IL 62701',
  founded: 1989,
  /** Absolute origin used for canonical links. */
  siteUrl: (env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
  links: {
    dashboardLogin: env.SITE_DASHBOARD_LOGIN_URL || 'https://dashboard.directmailers.example/login',
    demoScheduling: env.SITE_DEMO_URL || 'https://calendar.directmailers.example/demo',
    register: env.SITE_REGISTER_URL || 'https://dashboard.directmailers.example/register',
    apiDocs: env.SITE_API_DOCS_URL || 'https://docs.directmailers.example',
    customerPortal: env.SITE_CUSTOMER_PORTAL_URL || 'https://portal.directmailers.example',
  },
} as const;

/** `tel:` form of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`;
}

/** The landing page's inline lead form: where a lead button leads before the page's script has run. */
export const LEAD_FORM_HREF = '/#contact';
