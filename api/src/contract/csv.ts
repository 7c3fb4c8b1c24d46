// The rules every CSV export follows, on the server (the leads and event exports) and on the device (the rep's
// offline backup of captures): one formula guard and one way to name the file (the person export's JSON too).

/**
 * Formula injection guard: exports are opened in spreadsheets, and a typed cell that starts with = + - @ (or a
 * tab / carriage return, which some spreadsheets skip before reading one of those) would run as a formula
 * there. A leading apostrophe makes the spreadsheet show it as text (OWASP's advice).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * `<what>[-<label>]-YYYY-MM-DD.csv`, the date in UTC (as the stored timestamps are), the label reduced to
 * lower-case letters, digits and dashes so that nothing else reaches a Content-Disposition header or a file
 * system: `leads-2026-11-23.csv`, `leads-mba-annual-2026-2026-11-23.csv`, `captures-2026-11-23.csv`.
 */
export function csvFileName(what: string, now: Date, label?: string): string {
  return exportFileName(what, now, 'csv', label);
}

/** Any export's file name, by the same rule as csvFileName: `person-export-2026-11-23.json`. */
export function exportFileName(what: string, now: Date, extension: string, label?: string): string {
  const slug = label === undefined ? '' : label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'event';
  return `${[what, slug, now.toISOString().slice(0, 10)].filter(Boolean).join('-')}.${extension}`;
}
