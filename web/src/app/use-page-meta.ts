import { useEffect } from 'react';
import { siteConfig } from '../lib/site-config';
import { titleWithCount } from '../lib/title-count';
import type { PageMeta } from './routes';

/** Keeps title, description and canonical link right after client-side navigation; the server sends them first. */
export function usePageMeta(meta: PageMeta, pathname: string) {
  useEffect(() => {
    document.title = titleWithCount(meta.title);
    setHeadTag('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', meta.description);
    setHeadTag('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', canonicalUrl(pathname));
  }, [meta, pathname]);
}

export function canonicalUrl(pathname: string): string {
  return `${siteConfig.siteUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
}

function setHeadTag(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}
