import type { Kysely } from 'kysely';

// The same folding as src/shared/domain/search-text.ts (foldForSearch), copied because a
// migration never imports application code: it must keep meaning what it meant when written.
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// The back office's event list is paged on the server at tens of thousands of events
// (docs/design/17-million.md), so its search by name, whatever the case and accents, moves there: a folded copy of the
// name stored on every write, as clients.search_text (0012).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const batch = 500;
  for (let lastId = 0; ; ) {
    const rows = await db
      .selectFrom('events')
      .select(['id', 'name'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batch)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('events')
        .set({ search_text: fold(row.name) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < batch) break;
    lastId = rows[rows.length - 1]?.id ?? lastId;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('search_text').execute();
}
