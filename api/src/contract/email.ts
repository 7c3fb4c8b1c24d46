// E-mail addresses as both sides read them: what counts as one, and when two are the same person's. Apart from
// the zod field builders (fields.ts) because the browser needs these on a public page's first load, where the
// validation library must not come along (the 100 KB budget, e2e/tests/public/bundle-budget.spec.ts).

// local@domain.tld, where the domain is dot-separated labels. Written so that every character can be read in
// only one way (a label never contains a dot, and the local part never an @): V8's regexes backtrack, and the
// former /^[^\s@]+@[^\s@]+\.[^\s@]+$/ let the domain's dots be split in n² ways, so "a@" + 32,000 dots froze
// the event loop for seconds. This one answers any string in linear time.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * The one form of an e-mail address that every "same address" rule compares, on the server (finding, exporting
 * and erasing a person, retention, a second capture at an event, the CRM's person, the audit log's hash: stored
 * in `email_normalised` columns) and in the browser (a corrected form replacing its waiting version): trimmed,
 * Unicode NFC, so an é typed as one character or as e + U+0301 is the same, then lower-cased as JavaScript does.
 * SQL's lower() will not do: SQLite's folds ASCII letters only, PostgreSQL's follows the database's locale.
 */
export function normaliseEmail(address: string): string {
  return address.trim().normalize('NFC').toLowerCase();
}
