// The route table: every path of the site, which page it shows, the layout that frames it, its head
// (title, description) and, for the staff screens, their heading and who may use them. Exact paths only,
// no parameters; anything else is the 404 page. Public pages are prerendered at build time and hydrated
// in the browser; the sign-in pages and the staff screens render in the browser only.
import type { UserRole } from '@contract';
import type { UnauthorizedWording } from '../lib/session-expired';
import type { ShortcutName } from '../lib/keyboard-shortcuts';
import { lazyPage, type LazyPage } from './lazy-page';
import type { AdminPageName } from './admin-pages';

export interface PageMeta {
  title: string;
  description: string;
}

/** The frame around a page: the public site's header and footer, the staff sidebar, or none. */
export type RouteLayout = 'public' | 'admin' | 'none';

export interface AdminScreen {
  /** The screen's h1, also its entry in the staff navigation. */
  heading: string;
  /** The navigation label on phones: one short word (the row scrolls sideways when the screens do not all fit). */
  shortLabel: string;
  /** One line under the heading; none where the screen must fit a phone's first screen (capture). */
  intro?: string;
  /** The line a rep reads instead, where the screen shows them only their part (the desk: the leads they own). */
  repIntro?: string;
  /** Who may use the screen; everyone else gets a notice instead of it. */
  roles: readonly UserRole[];
  /** How the screen words the Unauthorized toast when the visitor is signed out. */
  unauthorizedWording: UnauthorizedWording;
  /** The screen works on local data when the sign-in check cannot reach the server. */
  worksOffline?: boolean;
  /** `g` then this key goes to the screen. */
  goKey: string;
  /** The keys the screen itself answers, listed under `where` in the shortcuts list (names only: no code here). */
  shortcuts?: { where: string; keys: readonly ShortcutName[] };
  /**
   * Where the screen is listed when not in the navigation with the everyday screens: `account-menu`, in the
   * account menu at every width (the person's own screens); `wide-sidebar`, in the sidebar on wide screens and
   * in the account menu on narrower ones, where the navigation is one row and would crowd (rarely used screens).
   */
  listed?: 'account-menu' | 'wide-sidebar';
}

export interface RouteDef {
  path: string;
  page: LazyPage;
  layout: RouteLayout;
  meta: PageMeta;
  admin?: AdminScreen;
}

export type AdminRouteDef = RouteDef & { layout: 'admin'; admin: AdminScreen };

export const PUBLIC_ROUTES: RouteDef[] = [
  {
    path: '/',
    layout: 'public',
    page: lazyPage(() => import('../pages/home-page')),
    meta: {
      title: 'DirectMailers: Personalised, trackable direct mail and a print-and-mail API',
      description: 'Personalised postcards and letters with QR codes, personalised URLs and attribution, printed and mailed for you through one API.',
    },
  },
  {
    path: '/print',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-page')),
    meta: { title: 'Print & Mail API | DirectMailers', description: 'Send postcards and letters from your code: one REST call prints and mails personalised pieces, from $0.59 each.' },
  },
  {
    path: '/print/postcards',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-postcards-page')),
    meta: { title: 'Postcard API | DirectMailers', description: 'Print and mail 4x6 and 6x9 postcards with one API call: 110 lb film laminated stock, First Class delivery, from $0.59.' },
  },
  {
    path: '/print/letters',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-letters-page')),
    meta: { title: 'Letter API | DirectMailers', description: 'Print and mail 8.5x11 and 8.5x14 letters with envelopes through one API call, First Class or Standard Mail.' },
  },
  {
    path: '/print/pricing',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-pricing-page')),
    meta: { title: 'Pricing | DirectMailers', description: 'Per-piece prices including print and postage, by monthly volume. No minimums; pay only for what is mailed.' },
  },
  {
    path: '/print/samples',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-samples-page')),
    meta: { title: 'Free Sample Pack | DirectMailers', description: 'Request a free pack of printed postcard and letter samples, delivered in 3-5 business days.' },
  },
  {
    path: '/print/faq',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-faq-page')),
    meta: { title: 'FAQ | DirectMailers', description: 'Answers on getting started, pricing and billing, technical integration, mail specifications and support.' },
  },
  {
    path: '/print/docs',
    layout: 'public',
    page: lazyPage(() => import('../pages/print-docs-page')),
    meta: { title: 'API Documentation | DirectMailers', description: 'Reference documentation for the DirectMailers print and mail API.' },
  },
  {
    path: '/mortgage',
    layout: 'public',
    page: lazyPage(() => import('../pages/mortgage-page')),
    meta: { title: 'Mortgage Lead Generation | DirectMailers', description: 'Trigger and pre-mover mail for lenders: 250M+ pieces mailed, cost per funded loan under $500.' },
  },
  {
    path: '/USPSInformedDelivery',
    layout: 'public',
    page: lazyPage(() => import('../pages/informed-delivery-page')),
    meta: { title: 'USPS Informed Delivery | DirectMailers', description: 'Put your mail in 58M+ inboxes before it lands: USPS Informed Delivery campaigns with every piece.' },
  },
  {
    path: '/digital-audience',
    layout: 'public',
    page: lazyPage(() => import('../pages/digital-audience-page')),
    meta: { title: 'Digital Audiences | DirectMailers', description: 'Build digital audiences from 50+ data sources and 1,000+ segments to match your mail campaigns online.' },
  },
  // Where the public forms land when the browser posted them itself (no script yet, or none at all).
  {
    path: '/thank-you',
    layout: 'public',
    page: lazyPage(() => import('../pages/thank-you-page')),
    meta: { title: 'Thank You | DirectMailers', description: 'We have your demo request and will be in touch within one business day.' },
  },
  {
    path: '/print/samples/thank-you',
    layout: 'public',
    page: lazyPage(() => import('../pages/sample-thank-you-page')),
    meta: { title: 'Thank You | DirectMailers', description: 'Your free sample pack is on its way: expect it within 3-5 business days.' },
  },
];

export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  layout: 'public',
  page: lazyPage(() => import('../pages/not-found-page')),
  meta: { title: 'Page not found | DirectMailers', description: 'The page you were looking for is not here. Explore our print API, pricing and free samples.' },
};

/** The staff sign-in pages: no layout, nothing prerendered. */
export const STANDALONE_ROUTES: RouteDef[] = [
  { path: '/login', layout: 'none', page: lazyPage(() => import('../pages/login-page')), meta: { title: 'Staff sign in | DirectMailers', description: 'Sign in to the DirectMailers staff admin.' } },
  { path: '/forgot-password', layout: 'none', page: lazyPage(() => import('../pages/forgot-password-page')), meta: { title: 'Forgot password | DirectMailers', description: 'Get a link by e-mail to choose a new password.' } },
  { path: '/setup', layout: 'none', page: lazyPage(() => import('../pages/setup-page')), meta: { title: 'Create the first admin | DirectMailers', description: 'Create the first staff account.' } },
  // Invite and password-reset links an admin made on the Team screen, and the links "Forgot password?" e-mails.
  { path: '/set-password', layout: 'none', page: lazyPage(() => import('../pages/set-password-page')), meta: { title: 'Set your password | DirectMailers', description: 'Choose the password of your staff account.' } },
];

const ADMINS_ONLY: readonly UserRole[] = ['admin'];

/** A staff screen's page, through admin-pages.ts: what it preloads is listed there, not in the public entry. */
const adminPage = (name: AdminPageName) => lazyPage(() => import('./admin-pages').then((pages) => pages.ADMIN_PAGES[name]()));

/** The staff screens, in the order of the staff navigation. */
export const ADMIN_ROUTES: AdminRouteDef[] = [
  {
    path: '/admin',
    layout: 'admin',
    page: adminPage('dashboard'),
    meta: { title: 'Lead dashboard | DirectMailers Admin', description: 'Leads and pipeline at a glance.' },
    admin: {
      heading: 'Lead Dashboard',
      shortLabel: 'Leads',
      intro: 'Leads from every form on the site, newest first.',
      repIntro: 'The leads you own, newest first.',
      // A rep's desk holds only the leads they own (issue #31); the page leaves out what only admins may read.
      roles: ['admin', 'rep'],
      unauthorizedWording: 'titled',
      goKey: 'd',
      shortcuts: { where: 'Recent Leads', keys: ['next', 'previous', 'open', 'take', 'stage', 'note', 'close', 'search'] },
    },
  },
  {
    path: '/admin/samples',
    layout: 'admin',
    page: adminPage('samples'),
    meta: { title: 'Sample Management | DirectMailers Admin', description: 'Sample templates and sample requests.' },
    admin: {
      heading: 'Sample Management',
      shortLabel: 'Samples',
      intro: 'Templates for the free sample pack, and the requests for it.',
      roles: ADMINS_ONLY,
      unauthorizedWording: 'titled',
      goKey: 's',
      shortcuts: { where: 'Sample Requests', keys: ['next', 'previous', 'toggleProcessed'] },
    },
  },
  {
    path: '/admin/pricing',
    layout: 'admin',
    page: adminPage('pricing'),
    meta: { title: 'Pricing Management | DirectMailers Admin', description: 'Pricing products and their audit log.' },
    // This screen words a lost session as one line: 'Unauthorized: You are logged out. Logging in again...'.
    admin: { heading: 'Pricing Management', shortLabel: 'Pricing', intro: 'The products and starting prices on the public pricing page.', roles: ADMINS_ONLY, unauthorizedWording: 'inline', goKey: 'p' },
  },
  {
    path: '/admin/capture',
    layout: 'admin',
    page: adminPage('capture'),
    meta: { title: 'Event Capture | DirectMailers Admin', description: 'Capture leads at events, online or offline.' },
    // Field reps capture leads too, and the screen saves on the device when the network is gone.
    admin: {
      heading: 'Event Capture',
      shortLabel: 'Capture',
      roles: ['admin', 'rep'],
      unauthorizedWording: 'titled',
      worksOffline: true,
      goKey: 'c',
    },
  },
  {
    path: '/admin/team',
    layout: 'admin',
    page: adminPage('team'),
    meta: { title: 'Team | DirectMailers Admin', description: 'Staff accounts, their devices, and the staff audit log.' },
    admin: { heading: 'Team', shortLabel: 'Team', intro: 'Staff accounts: invite, change roles, reset passwords, deactivate, and see their devices.', roles: ADMINS_ONLY, unauthorizedWording: 'titled', goKey: 't', listed: 'wide-sidebar' },
  },
  {
    path: '/admin/privacy',
    layout: 'admin',
    page: adminPage('privacy'),
    meta: { title: 'Privacy | DirectMailers Admin', description: 'Find, export or erase a person; the retention rule.' },
    admin: { heading: 'Privacy', shortLabel: 'Privacy', intro: 'Everything stored about a person, for a request to see it or to be forgotten.', roles: ADMINS_ONLY, unauthorizedWording: 'titled', goKey: 'y', listed: 'wide-sidebar' },
  },
  {
    path: '/admin/mail',
    layout: 'admin',
    page: adminPage('mail'),
    meta: { title: 'Mail | DirectMailers Admin', description: 'What the product e-mails: queued, sent and failed messages, and the transport.' },
    admin: { heading: 'Mail', shortLabel: 'Mail', intro: 'What the product e-mails, and whether it went out: retry a failed message, or send yourself a test.', roles: ADMINS_ONLY, unauthorizedWording: 'titled', goKey: 'm', listed: 'wide-sidebar' },
  },
  {
    path: '/admin/devices',
    layout: 'admin',
    page: adminPage('devices'),
    meta: { title: 'Your Devices | DirectMailers Admin', description: 'Where you are signed in.' },
    // Everyone signed in manages their own devices, reps too.
    admin: { heading: 'Your Devices', shortLabel: 'Devices', intro: 'Where you are signed in. Sign out any device you do not recognise.', roles: ['admin', 'rep'], unauthorizedWording: 'titled', goKey: 'v', listed: 'account-menu' },
  },
];

export const ALL_ROUTES: RouteDef[] = [...PUBLIC_ROUTES, ...STANDALONE_ROUTES, ...ADMIN_ROUTES];

/** Exact match, ignoring a trailing slash; anything else is the 404 page. */
export function matchRoute(pathname: string): RouteDef {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALL_ROUTES.find((r) => r.path === clean) ?? NOT_FOUND_ROUTE;
}

/** Public pages are prerendered at build time, so the browser hydrates them instead of rendering anew. */
export function isPrerendered(route: RouteDef): boolean {
  return route.layout === 'public';
}
