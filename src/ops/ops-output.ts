import type { TableFigures } from '../server/platform/backups/table-figures';

/** 12.3 MB, in the units an operator reads at a glance. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** One line per table: its name and how many rows it holds. */
export function printTableCounts(tables: TableFigures): void {
  const width = Math.max(...Object.keys(tables).map((name) => name.length));
  for (const [table, { rows }] of Object.entries(tables)) console.log(`  ${table.padEnd(width)}  ${rows}`);
}
