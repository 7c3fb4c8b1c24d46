// Multi-row inserts compiled once per shape on SQLite's thread (sqlite-immediate.ts, SqliteThreadLocalClient). Every
// batch the submission pipeline writes there inserts its leads, keys, jobs and events with one statement each, and
// Knex builds each statement's text anew: every identifier wrapped and every value aliased, row by row, which was a
// tenth of the thread's time (docs/performance.md). The text depends only on the statement's shape (its table, its
// columns, how many rows, its conflict and returning clauses), never on the values, and a batch's shapes repeat:
// so the text is made by Knex the first time and kept, and later inserts of that shape take it with their values.
//
// Only inserts whose every part is plain are kept: values that are strings, numbers, booleans, dates, buffers,
// null or undefined; a table, conflict target and returning list of names; a merge of named columns (or all). A raw
// value, a sub-query, a `with`, a merge of expressions or a where: Knex compiles it as it always does.
import { LiteralLimitCompiler } from './sqlite-literal-limit';

/** Shapes kept per client (a batch of 1 to 100 rows, a few statements each: well under it). */
const MAX_SHAPES = 2000;

interface Compiled {
  sql: string;
  returning: unknown;
}

type Row = Record<string, unknown>;

const isPlainValue = (value: unknown): boolean =>
  value === null || (typeof value !== 'object' && typeof value !== 'function') || value instanceof Date || Buffer.isBuffer(value);

/** A row as an object of its own (not a raw statement or a sub-query), with a column at least. */
const isPlainRow = (row: unknown): row is Row =>
  row !== null && typeof row === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(row)) && Object.keys(row).length > 0;

const isNameList = (value: unknown): boolean => typeof value === 'string' || (Array.isArray(value) && value.every((name) => typeof name === 'string'));

/** Knex's SQLite compiler (its LIMIT written into the text: sqlite-literal-limit.ts), with its inserts' text kept per shape. */
export class InsertShapeCachingCompiler extends LiteralLimitCompiler {
  override insert(): unknown {
    const key = this.shapeKey();
    if (key === undefined) return super.insert();
    const shapes = shapesOf(this.client.config);
    const known = shapes.get(key.text);
    if (!known) {
      const compiled = super.insert() as Compiled;
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key.text, { sql: compiled.sql, returning: compiled.returning });
      return compiled;
    }
    // The bindings Knex would have pushed, in its order: row by row, each row's columns sorted (_prepInsert); a
    // single row's unset values as the client's value for them (parameterize), a multi-row insert's as they are.
    const bindings = this.bindingsHolder.bindings;
    const single = key.values.length === 1;
    for (const row of key.values) for (const value of row) bindings.push(single && value === undefined ? this.client.valueForUndefined : value);
    return { sql: known.sql, returning: known.returning };
  }

  /** The statement's shape, or undefined when any part of it is not plain enough to keep. */
  private shapeKey(): { text: string; values: unknown[][] } | undefined {
    const { single, grouped } = this;
    const table = single.table;
    const rows = Array.isArray(single.insert) ? (single.insert as unknown[]) : [single.insert];
    if (typeof table !== 'string' || rows.length === 0 || !rows.every(isPlainRow)) return undefined;
    if (grouped.with?.length || grouped.where?.length) return undefined;
    const { onConflict, ignore, merge, returning } = single;
    if (onConflict !== undefined && !isNameList(onConflict)) return undefined;
    if (merge !== undefined && merge.updates !== undefined && !isNameList(merge.updates)) return undefined;
    if (returning !== undefined && !isNameList(returning)) return undefined;
    const { columns, values } = this._prepInsert(rows);
    if (!values.every((row) => row.every(isPlainValue))) return undefined;
    // A multi-row insert leaves unset values as they are; the text is the same whichever are unset.
    const text = [table, columns.join(','), values.length, onConflict === undefined ? '' : String(onConflict), ignore ? 'ignore' : '', merge ? `merge:${merge.updates === undefined ? '*' : String(merge.updates)}` : '', returning === undefined ? '' : String(returning)].join('\u0000');
    return { text, values };
  }
}

/**
 * Kept per Knex configuration (its identifier wrapping is part of the text), which a transaction's client shares with
 * the client it was made from: each transaction has a client of its own.
 */
const shapesByConfig = new WeakMap<object, Map<string, Compiled>>();

/** How many shapes a Knex keeps (for the tests: a shape kept once, then taken). */
export function keptShapes(client: { config: object }): number {
  return shapesByConfig.get(client.config)?.size ?? 0;
}

function shapesOf(config: object): Map<string, Compiled> {
  let shapes = shapesByConfig.get(config);
  if (!shapes) shapesByConfig.set(config, (shapes = new Map()));
  return shapes;
}
