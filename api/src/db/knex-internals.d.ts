// The two classes of Knex's sqlite3 dialect that sqlite-immediate.ts extends; Knex ships no types for them.
declare module 'knex/lib/dialects/sqlite3/index.js' {
  export default class Client_SQLite3 {
    constructor(config: unknown);
    transaction(...args: unknown[]): unknown;
  }
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  export default class Transaction_Sqlite {
    constructor(client: unknown, ...args: unknown[]);
    begin(conn: unknown): Promise<unknown>;
    query(conn: unknown, sql: string): Promise<unknown>;
  }
}
