// How a prerendered page says it has become interactive: its handlers are attached and what works
// differently once hydrated has switched over. The app sets both (app/App.tsx); the browser tests wait on
// them, reading the names from here.
/** Set on <html> (value `true`) once the page is hydrated. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** The same moment as a performance mark, on the page's own clock (the forms' fill-time clocks start at or before it). */
export const HYDRATED_MARK = 'dm-hydrated';
/** Matches the hydrated page's <html>. */
export const HYDRATED_SELECTOR = `html[${HYDRATED_ATTRIBUTE}]`;
