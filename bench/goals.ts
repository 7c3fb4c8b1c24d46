// The goals (docs/performance.md) beside the figures measured in this run: each part returns rows, run.ts prints them
// together at the end, one table per engine.
export interface GoalRow {
  engine: string;
  goal: string;
  figure: string;
  /** null: measured for information, no goal attached. */
  met: boolean | null;
}

export function printTable(title: string, head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

export function printGoals(rows: GoalRow[]) {
  for (const engine of [...new Set(rows.map((r) => r.engine))]) {
    const mine = rows.filter((r) => r.engine === engine);
    printTable(`Goals on ${engine}`, ['goal', 'figure', 'result'], mine.map((r) => [r.goal, r.figure, r.met === null ? '' : r.met ? 'met' : 'MISSED']));
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
