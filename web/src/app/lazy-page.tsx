// A route's page, loaded on demand but renderable synchronously once loaded: the client loads the first
// page before hydrating the prerendered HTML, so hydration never suspends and never mismatches.
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

export interface LazyPage {
  (): React.ReactNode;
  preload: () => Promise<PageModule>;
}

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const preload = () =>
    (pending ??= load().then((mod) => {
      loaded = mod;
      return mod;
    }));
  const Page = (() => {
    if (!loaded) throw preload(); // Suspense shows the fallback until the chunk arrives.
    const Component = loaded.default;
    return <Component />;
  }) as LazyPage;
  Page.preload = preload;
  return Page;
}
