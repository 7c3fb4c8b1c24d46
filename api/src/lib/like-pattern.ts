// SQL LIKE with a user's text taken literally: every query that looks for "contains this text" builds its
// pattern here and says `escape '\'`.

/** The text as a LIKE pattern matching it literally anywhere, lower-cased: %, _ and the escape itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
