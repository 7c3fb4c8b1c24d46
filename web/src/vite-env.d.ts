/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly SITE_COMPANY_NAME?: string;
  readonly SITE_PHONE?: string;
  readonly SITE_EMAIL?: string;
  readonly SITE_SUPPORT_PHONE?: string;
  readonly SITE_SUPPORT_EMAIL?: string;
  readonly SITE_ADDRESS?: string;
  readonly SITE_URL?: string;
  readonly SITE_DASHBOARD_LOGIN_URL?: string;
  readonly SITE_DEMO_URL?: string;
  readonly SITE_REGISTER_URL?: string;
  readonly SITE_API_DOCS_URL?: string;
  readonly SITE_CUSTOMER_PORTAL_URL?: string;
}
