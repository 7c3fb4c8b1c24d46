import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { isPrerendered, matchRoute } from './app/routes';
import { captureAttribution } from './lib/attribution';
import { registerServiceWorker } from './features/pwa';
import { whenIdle } from './lib/when-idle';
import './styles.css';

async function start() {
  // The visit's origin (UTM, referrer, landing page) is kept on its first page view, for the forms to send.
  captureAttribution();
  // The prerendered pages start this script as an async module from their inline boot script (web/boot.js),
  // so the document finishes parsing without waiting for it (a link to /#contact jumps to the form before
  // the script arrives); hydration must still wait for the whole prerendered tree.
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const container = document.getElementById('root')!;
  const route = matchRoute(window.location.pathname);
  // Load the first page's code before rendering so prerendered HTML hydrates without suspending.
  await route.page.preload();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydration as a transition: React does it in slices of a few milliseconds and yields to the browser in
  // between, so a slow phone never sees one long task (and a tap on a part not yet hydrated hydrates it first).
  if (container.hasChildNodes() && isPrerendered(route)) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // Once the page is up and idle: the service worker makes every page work offline from the next visit on.
  whenIdle(() => void registerServiceWorker());
}

void start();
