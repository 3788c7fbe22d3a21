import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { sqliteTableFigures, type TableFigures } from './table-figures';

/**
 * Copies the live SQLite file into `target` with SQLite's online backup: pages are copied while
 * the site keeps reading and writing, and the copy is one consistent moment of the database.
 */
export async function copyLiveSqlite(sourceFile: string, target: string): Promise<void> {
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
}

/** `PRAGMA integrity_check`, then the figures of every table; throws in Spanish when damaged. */
export async function checkedSqliteFigures(file: string): Promise<TableFigures> {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`La copia de SQLite está dañada (integrity_check: ${String(integrity)})`);
    return await sqliteTableFigures(database);
  } finally {
    database.close();
  }
}

/** Writes a decrypted SQLite file to `target` (a new file, private to the server's user). */
export async function writeSqliteFile(plain: Readable, target: string): Promise<void> {
  await pipeline(plain, fs.createWriteStream(target, { mode: 0o600, flags: 'wx', flush: true }));
}
