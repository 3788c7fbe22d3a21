import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept; lists with `in (?, ?, …)` make new texts, so the cache is bounded. */
const MAX_STATEMENTS = 500;

/**
 * The SQLite file as Kysely sees it, with each SQL text prepared once and reused: preparing a
 * statement costs more than running a small query. Kysely runs one query at a time on this
 * connection, so a statement is never in use twice at once.
 */
export function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = file.prepare(sql) as unknown as SqliteStatement;
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
