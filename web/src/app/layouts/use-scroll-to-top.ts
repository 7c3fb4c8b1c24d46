// BrowserRouter keeps the scroll position across client-side navigation, so a footer link would open the
// next page at its bottom. A new page (PUSH) starts at the top unless the link aims at an anchor, and
// focus moves to the new page's main region: the link that was focused is gone, and screen readers
// should start reading the new page. Back and forward (POP) and the first load keep what the browser does.
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'PUSH' || hash) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash, type]);
}
