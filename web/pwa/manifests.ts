// The two installable apps: the public site, and the staff admin as a desktop app. Both share the
// service worker at scope `/`; the admin shell links the admin manifest instead of the site's.
import type { ManifestOptions } from 'vite-plugin-pwa';

const THEME = '#1d4ed8';
const BACKGROUND = '#ffffff';

const ICONS: ManifestOptions['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export const siteManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'DirectMailers — personalised direct mail',
  short_name: 'DirectMailers',
  description: 'Personalised, trackable postcards and letters, and a print-and-mail API.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME,
  background_color: BACKGROUND,
  lang: 'en',
  icons: ICONS,
  screenshots: [
    { src: '/screenshots/site-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The DirectMailers home page' },
    { src: '/screenshots/site-narrow.png', sizes: '375x812', type: 'image/png', form_factor: 'narrow', label: 'DirectMailers on a phone' },
  ],
};

export const ADMIN_MANIFEST_FILE = 'admin.webmanifest';

export const adminManifest = {
  id: '/admin',
  name: 'DirectMailers Admin',
  short_name: 'DM Admin',
  description: 'Leads, sample requests and pricing for DirectMailers staff.',
  start_url: '/admin',
  scope: '/',
  display: 'standalone',
  display_override: ['window-controls-overlay', 'standalone'],
  theme_color: THEME,
  background_color: BACKGROUND,
  lang: 'en',
  icons: ICONS,
  shortcuts: [
    { name: 'Lead Dashboard', short_name: 'Leads', url: '/admin', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Sample Management', short_name: 'Samples', url: '/admin/samples', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Event Capture', short_name: 'Capture', url: '/admin/capture', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
  // A second launch (the icon, a shortcut, a notification's link) focuses the open window instead of opening
  // another; browsers that cannot focus fall back to their default.
  launch_handler: { client_mode: ['focus-existing', 'auto'] },
  screenshots: [
    { src: '/screenshots/admin-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The lead dashboard' },
    { src: '/screenshots/admin-narrow.png', sizes: '375x812', type: 'image/png', form_factor: 'narrow', label: 'The lead dashboard on a phone' },
  ],
};
