import { randomBytes } from 'node:crypto';
import { base32crockford } from '@scure/base';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// A short code on each ticket for the door (issue 42): 8 characters of Crockford's base32 from 5
// random bytes, unique within its event. Tickets issued before it get one here, on both databases.
// The index leads with the code: it also finds a code typed at the wrong event's door.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistance').addColumn('door_code', 'text').execute();
  const tickets: { id: number; event_id: number }[] = await db
    .selectFrom('assistance')
    .select(['id', 'event_id'])
    .where('ticket', 'is not', null)
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const ticket of tickets) {
    let code = base32crockford.encode(randomBytes(5));
    while (taken.has(`${ticket.event_id}:${code}`)) code = base32crockford.encode(randomBytes(5));
    taken.add(`${ticket.event_id}:${code}`);
    await db.updateTable('assistance').set({ door_code: code }).where('id', '=', ticket.id).execute();
  }
  await db.schema
    .createIndex('assistance_event_door_code')
    .on('assistance')
    .columns(['door_code', 'event_id'])
    .unique()
    .execute();
}
