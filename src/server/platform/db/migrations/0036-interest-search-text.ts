import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Each interest keeps both people's folded search text, the client's and the target's apart by a
// line break, so that the back office's search of a common name filters the newest interests
// without reading both clients of each (issue 42, decision 0027).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('interests')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update interests set search_text =
    (select c.search_text from clients c where c.id = interests.client_id) || ${'\n'} ||
    (select c.search_text from clients c where c.id = interests.target_client_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('interests').dropColumn('search_text').execute();
}
