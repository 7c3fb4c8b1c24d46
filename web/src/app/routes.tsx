// The route table of spec §2 (plus /login, /setup): which page, how it is rendered, and its head.
// Public pages are prerendered at build time; app pages (admin, sign-in) render in the browser.
import { lazyPage, type LazyPage } from './lazy-page';

export interface PageMeta {
  title: string;
  description: string;
}

export interface RouteDef {
  path: string;
  page: LazyPage;
  kind: 'public' | 'app';
  meta: PageMeta;
}

export const PUBLIC_ROUTES: RouteDef[] = [
  {
    path: '/',
    kind: 'public',
    page: lazyPage(() => import('../pages/home-page')),
    meta: {
      title: 'DirectMailers: Personalised, trackable direct mail and a print-and-mail API',
      description: 'Personalised postcards and letters with QR codes, personalised URLs and attribution, printed and mailed for you through one API.',
    },
  },
  {
    path: '/print',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-page')),
    meta: { title: 'Print & Mail API | DirectMailers', description: 'Send postcards and letters from your code: one REST call prints and mails personalised pieces, from $0.59 each.' },
  },
  {
    path: '/print/postcards',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-postcards-page')),
    meta: { title: 'Postcard API | DirectMailers', description: 'Print and mail 4x6 and 6x9 postcards with one API call: 110 lb film laminated stock, First Class delivery, from $0.59.' },
  },
  {
    path: '/print/letters',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-letters-page')),
    meta: { title: 'Letter API | DirectMailers', description: 'Print and mail 8.5x11 and 8.5x14 letters with envelopes through one API call, First Class or Standard Mail.' },
  },
  {
    path: '/print/pricing',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-pricing-page')),
    meta: { title: 'Pricing | DirectMailers', description: 'Per-piece prices including print and postage, by monthly volume. No minimums; pay only for what is mailed.' },
  },
  {
    path: '/print/samples',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-samples-page')),
    meta: { title: 'Free Sample Pack | DirectMailers', description: 'Request a free pack of printed postcard and letter samples, delivered in 3-5 business days.' },
  },
  {
    path: '/print/faq',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-faq-page')),
    meta: { title: 'FAQ | DirectMailers', description: 'Answers on getting started, pricing and billing, technical integration, mail specifications and support.' },
  },
  {
    path: '/print/docs',
    kind: 'public',
    page: lazyPage(() => import('../pages/print-docs-page')),
    meta: { title: 'API Documentation | DirectMailers', description: 'Reference documentation for the DirectMailers print and mail API.' },
  },
  {
    path: '/mortgage',
    kind: 'public',
    page: lazyPage(() => import('../pages/mortgage-page')),
    meta: { title: 'Mortgage Lead Generation | DirectMailers', description: 'Trigger and pre-mover mail for lenders: 250M+ pieces mailed, cost per funded loan under $500.' },
  },
  {
    path: '/USPSInformedDelivery',
    kind: 'public',
    page: lazyPage(() => import('../pages/informed-delivery-page')),
    meta: { title: 'USPS Informed Delivery | DirectMailers', description: 'Put your mail in 58M+ inboxes before it lands: USPS Informed Delivery campaigns with every piece.' },
  },
  {
    path: '/digital-audience',
    kind: 'public',
    page: lazyPage(() => import('../pages/digital-audience-page')),
    meta: { title: 'Digital Audiences | DirectMailers', description: 'Build digital audiences from 50+ data sources and 1,000+ segments to match your mail campaigns online.' },
  },
];

export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  kind: 'public',
  page: lazyPage(() => import('../pages/not-found-page')),
  meta: { title: 'Page not found | DirectMailers', description: 'The page you were looking for is not here. Explore our print API, pricing and free samples.' },
};

export const APP_ROUTES: RouteDef[] = [
  { path: '/login', kind: 'app', page: lazyPage(() => import('../pages/login-page')), meta: { title: 'Staff sign in | DirectMailers', description: 'Sign in to the DirectMailers staff admin.' } },
  { path: '/setup', kind: 'app', page: lazyPage(() => import('../pages/setup-page')), meta: { title: 'Create the first admin | DirectMailers', description: 'Create the first staff account.' } },
  { path: '/admin', kind: 'app', page: lazyPage(() => import('../pages/admin/dashboard-page')), meta: { title: 'Lead dashboard | DirectMailers Admin', description: 'Leads and pipeline at a glance.' } },
  { path: '/admin/samples', kind: 'app', page: lazyPage(() => import('../pages/admin/samples-page')), meta: { title: 'Sample Management | DirectMailers Admin', description: 'Sample templates and sample requests.' } },
  { path: '/admin/pricing', kind: 'app', page: lazyPage(() => import('../pages/admin/pricing-page')), meta: { title: 'Pricing Management | DirectMailers Admin', description: 'Pricing products and their audit log.' } },
  { path: '/admin/capture', kind: 'app', page: lazyPage(() => import('../pages/admin/capture-page')), meta: { title: 'Event Capture | DirectMailers Admin', description: 'Capture leads at events, online or offline.' } },
];

export const ALL_ROUTES = [...PUBLIC_ROUTES, ...APP_ROUTES];

/** Exact match (no route has parameters, spec §2); anything else is the 404 page. */
export function matchRoute(pathname: string): RouteDef {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALL_ROUTES.find((r) => r.path === clean) ?? NOT_FOUND_ROUTE;
}
