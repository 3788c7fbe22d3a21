import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Contact by consent (docs/design/26-contact.md): "Compartir mi contacto" now hands over phone, WhatsApp and
// Instagram together. A press recorded under the old "Compartir mi WhatsApp" agreed to the number
// only, so it is not carried over: every existing pair starts unshared.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversation_sides').addColumn('contact_shared_at', 'text').execute();
  await db.schema.alterTable('conversation_sides').dropColumn('whatsapp_shared_at').execute();
}
