// The classes of Knex's sqlite3 and better-sqlite3 dialects that sqlite-immediate.ts extends; Knex ships no types
// for them.
declare module 'knex/lib/dialects/sqlite3/index.js' {
  export default class Client_SQLite3 {
    constructor(config: unknown);
    connectionSettings: { filename: string };
    transaction(...args: unknown[]): unknown;
    acquireRawConnection(): Promise<unknown>;
    destroyRawConnection(connection: unknown): Promise<void>;
    validateConnection(connection: unknown): boolean;
    _driver(): unknown;
    queryCompiler(builder: unknown, formatter: unknown): unknown;
  }
}

declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  import Client_SQLite3 from 'knex/lib/dialects/sqlite3/index.js';
  export default class Client_BetterSQLite3 extends Client_SQLite3 {
    _query(connection: unknown, obj: unknown): Promise<unknown>;
    _formatBindings(bindings: unknown[] | undefined): unknown[];
  }
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  export default class Transaction_Sqlite {
    constructor(client: unknown, ...args: unknown[]);
    begin(conn: unknown): Promise<unknown>;
    query(conn: unknown, sql: string): Promise<unknown>;
  }
}

declare module 'knex/lib/dialects/sqlite3/query/sqlite-querycompiler.js' {
  export default class QueryCompiler_SQLite3 {
    constructor(client: unknown, builder: unknown, formatter: unknown);
    client: { valueForUndefined: unknown; config: object };
    single: {
      table?: unknown;
      insert?: unknown;
      onConflict?: unknown;
      ignore?: boolean;
      merge?: { updates?: unknown };
      returning?: unknown;
      limit?: unknown;
      offset?: unknown;
    };
    grouped: { with?: unknown[]; where?: unknown[] };
    bindingsHolder: { bindings: unknown[] };
    insert(): unknown;
    limit(): string;
    _prepInsert(data: Record<string, unknown>[]): { columns: string[]; values: unknown[][] };
  }
}
