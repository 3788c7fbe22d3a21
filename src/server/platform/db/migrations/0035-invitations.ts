import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Bring someone (docs/design/25-organizers.md, decision 0053): each member's invite token, who invited whom and
// when the invited person first came to a night (the moment that earns the reward, once), the
// reward the admins set (one row), and personal promo codes: a code owned by one member, usable
// by her alone. `personal` stays 1 when the owner is erased (her id is scrubbed), so the code
// is then usable by nobody.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invite_links')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('promo_codes')
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .execute();
  await db.schema
    .alterTable('promo_codes')
    .addColumn('personal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('promo_codes_client').on('promo_codes').column('client_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('invited_client_id', 'integer', (c) => c.primaryKey().references('clients.id'))
    .addColumn('inviter_client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Set once, at her first check-in ever: the conditional update that sets it is the claim.
    .addColumn('first_check_in_at', 'text')
    .addColumn('code_id', 'integer', (c) => c.references('promo_codes.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invitations_inviter').on('invitations').column('inviter_client_id').execute();

  await db.schema
    .createTable('invite_reward')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
