// The lead form's schema on its own, so the form can load it (and zod with it) on first focus instead of
// with the page.
export { leadInputSchema } from '@contract';
