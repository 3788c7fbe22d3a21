import type { TableFigures } from '../server/platform/backups/table-figures';

/** One line per table: its name and how many rows it holds. */
export function printTableCounts(tables: TableFigures): void {
  const width = Math.max(...Object.keys(tables).map((name) => name.length));
  for (const [table, { rows }] of Object.entries(tables)) console.log(`  ${table.padEnd(width)}  ${rows}`);
}
