import path from 'node:path';

/**
 * The SQLite database's file in a data folder. Apart from database.ts so that the operator's setup,
 * which loads no database driver, names the same file.
 */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'cita.sqlite');
}
