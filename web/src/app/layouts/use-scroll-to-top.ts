// BrowserRouter keeps the scroll position across client-side navigation, so a footer link would open the
// next page at its bottom. A new page (PUSH) starts at the top unless the link aims at an anchor; back
// and forward (POP) and the first load keep what the browser does.
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'PUSH' && !hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash, type]);
}
