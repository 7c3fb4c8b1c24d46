// The navigation bar. Section links are plain hrefs to the landing page's anchors: from the
// landing page they only scroll, from any other page they load it at that section.
export interface NavItem {
  label: string;
  href: string;
  /** In-app route (client-side navigation) rather than a landing-page anchor. */
  route?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Products', href: '/#products' },
  { label: 'Print API', href: '/print', route: true },
  { label: 'Use Cases', href: '/#use-cases' },
  { label: 'About', href: '/#about' },
  { label: 'Contact', href: '/#contact' },
];
