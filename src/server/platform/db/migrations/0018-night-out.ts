import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Events as a real night out (docs/design/11-night-out.md): where and for how long an event happens, its age
// band, and the ticket a confirmed attendee shows at the door. Attendance statuses 3 (waiting
// list) and 4 (cancelled) widen the status check; the waiting position is the rank by created_at.
export async function up(db: Kysely<any>): Promise<void> {
  await widenAssistanceStatus(db, [1, 2, 3, 4]);
  await db.schema
    .alterTable('events')
    .addColumn('venue', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('city', 'text', (c) => c.notNull().defaultTo('cdmx'))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(120))
    .execute();
  await db.schema.alterTable('events').addColumn('age_min', 'integer').execute();
  await db.schema.alterTable('events').addColumn('age_max', 'integer').execute();
  await db.schema.createIndex('events_city_day').on('events').columns(['city', 'day']).execute();

  await db.schema.alterTable('assistance').addColumn('ticket', 'text').execute();
  await db.schema.createIndex('assistance_ticket').on('assistance').column('ticket').unique().execute();
  await db.schema
    .createIndex('assistance_event_status')
    .on('assistance')
    .columns(['event_id', 'status_id', 'created_at'])
    .execute();
}

/**
 * PostgreSQL swaps the column's check constraint. SQLite cannot alter a constraint: the table is
 * rebuilt with the same columns, rows, ids and indexes (nothing references assistance rows).
 */
async function widenAssistanceStatus(db: Kysely<any>, statuses: number[]): Promise<void> {
  const allowed = sql.join(statuses.map((status) => sql.lit(status)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table assistance drop constraint assistance_status_id_check`.execute(db);
    await sql`alter table assistance add constraint assistance_status_id_check check (status_id in (${allowed}))`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable('assistance_rebuilt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1).check(sql`status_id in (${allowed})`))
    .addColumn('contacted', 'integer', (c) => c.notNull().defaultTo(0).check(sql`contacted in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('checked_in_at', 'text')
    .addUniqueConstraint('assistance_rebuilt_event_client_unique', ['event_id', 'client_id'])
    .execute();
  await sql`insert into assistance_rebuilt (id, event_id, client_id, status_id, contacted, created_at, checked_in_at)
    select id, event_id, client_id, status_id, contacted, created_at, checked_in_at from assistance`.execute(
    db,
  );
  await db.schema.dropTable('assistance').execute();
  await db.schema.alterTable('assistance_rebuilt').renameTo('assistance').execute();
  await db.schema.createIndex('assistance_client_idx').on('assistance').column('client_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assistance_event_status').execute();
  await db.schema.dropIndex('assistance_ticket').execute();
  await db.schema.alterTable('assistance').dropColumn('ticket').execute();
  await db.deleteFrom('assistance').where('status_id', 'in', [3, 4]).execute();
  await widenAssistanceStatus(db, [1, 2]);
  await db.schema.dropIndex('events_city_day').execute();
  for (const column of ['age_max', 'age_min', 'duration_minutes', 'city', 'address', 'venue']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
}
