// The public routes under test, read from the app's own route table so titles and descriptions are
// checked against the one place they are written.
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES } from '../../web/src/app/routes';

export interface PublicRoute {
  path: string;
  title: string;
  description: string;
}

export const publicRoutes: PublicRoute[] = PUBLIC_ROUTES.map((r) => ({ path: r.path, ...r.meta }));

/** Head of the page every unknown path gets. */
export const notFoundMeta = NOT_FOUND_ROUTE.meta;

/** A name safe for file names: `/` → `home`, `/print/faq` → `print-faq`. */
export function routeSlug(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '-');
}

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
