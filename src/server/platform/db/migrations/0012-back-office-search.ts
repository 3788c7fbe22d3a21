import type { Kysely } from 'kysely';

// The same folding as src/shared/domain/search-text.ts (clientSearchText), copied because a
// migration never imports application code: it must keep meaning what it meant when written.
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function clientSearchText(row: { first_name: string; last_name: string; email: string; phone: string }) {
  const digits = row.phone.replace(/\D/g, '');
  return fold([row.first_name, row.last_name, row.email, row.phone, digits].filter(Boolean).join(' '));
}

// Back office on a phone (docs/design/14-back-office.md): clients found by name, e-mail and phone whatever the
// case and accents, through a folded copy stored on every write; and the check-in moment of an
// attendee (null until someone checks her in at the door).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const batch = 500;
  for (let lastId = 0; ; ) {
    const rows = await db
      .selectFrom('clients')
      .select(['id', 'first_name', 'last_name', 'email', 'phone'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batch)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('clients')
        .set({ search_text: clientSearchText(row) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < batch) break;
    lastId = rows[rows.length - 1]?.id ?? lastId;
  }
  await db.schema.createIndex('clients_search_text').on('clients').column('search_text').execute();
  await db.schema.alterTable('assistance').addColumn('checked_in_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistance').dropColumn('checked_in_at').execute();
  await db.schema.dropIndex('clients_search_text').ifExists().execute();
  await db.schema.alterTable('clients').dropColumn('search_text').execute();
}
