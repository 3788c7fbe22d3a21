import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function oneOf(column: string, values: number[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idColumn = (col: ColumnDefinitionBuilder) =>
    pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const idType = 'integer';

  await db.schema
    .createTable('clients')
    .addColumn('id', idType, idColumn)
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birthday', 'text')
    .addColumn('gender', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(oneOf('gender', [1, 2, 3])),
    )
    .addColumn('occupation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instagram', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(oneOf('status_id', [1, 2, 3])),
    )
    .addColumn('date_creation', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('adverts')
    .addColumn('id', idType, idColumn)
    .addColumn('client_id', 'integer', (c) =>
      c.notNull().unique().references('clients.id').onDelete('cascade'),
    )
    .addColumn('status_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(oneOf('status_id', [1, 2])),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_update', 'text')
    .addColumn('status_update', 'integer', (c) => c.check(oneOf('status_update', [1, 2])))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('adverts_status_idx').on('adverts').column('status_id').execute();

  await db.schema
    .createTable('interests')
    .addColumn('id', idType, idColumn)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('target_client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(oneOf('status_id', [1, 2])),
    )
    .addColumn('contacted', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(oneOf('contacted', [0, 1])),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('interests_client_target_unique', ['client_id', 'target_client_id'])
    .addCheckConstraint('interests_not_self', sql`client_id <> target_client_id`)
    .execute();
  await db.schema.createIndex('interests_target_idx').on('interests').column('target_client_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', idType, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('day', 'text')
    .addColumn('hour', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_m_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_m_cents >= 0`))
    .addColumn('price_w_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_w_cents >= 0`))
    .addColumn('limit_m', 'integer', (c) => c.notNull().defaultTo(0).check(sql`limit_m >= 0`))
    .addColumn('limit_w', 'integer', (c) => c.notNull().defaultTo(0).check(sql`limit_w >= 0`))
    .addColumn('occupation', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(oneOf('occupation', [0, 1])),
    )
    .addColumn('status_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(oneOf('status_id', [0, 1, 2, 3])),
    )
    .addColumn('image_version', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_status_day_idx').on('events').columns(['status_id', 'day']).execute();

  await db.schema
    .createTable('event_categories')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_categories_pk', ['event_id', 'category'])
    .execute();
  await db.schema
    .createIndex('event_categories_category_idx')
    .on('event_categories')
    .column('category')
    .execute();

  await db.schema
    .createTable('assistance')
    .addColumn('id', idType, idColumn)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(oneOf('status_id', [1, 2])),
    )
    .addColumn('contacted', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(oneOf('contacted', [0, 1])),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('assistance_event_client_unique', ['event_id', 'client_id'])
    .execute();
  await db.schema.createIndex('assistance_client_idx').on('assistance').column('client_id').execute();

  let quiz = db.schema
    .createTable('quiz_answers')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'));
  for (let question = 1; question <= 20; question++) {
    quiz = quiz.addColumn(`q_${question}`, 'text', (c) => c.notNull());
  }
  await quiz.addColumn('updated_at', 'text', (c) => c.notNull()).execute();

  await db.schema
    .createTable('quiz_pair_contacts')
    .addColumn('client_a', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('client_b', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('contacted', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(oneOf('contacted', [0, 1])),
    )
    .addPrimaryKeyConstraint('quiz_pair_contacts_pk', ['client_a', 'client_b'])
    .addCheckConstraint('quiz_pair_contacts_ordered', sql`client_a < client_b`)
    .execute();

  await db.schema
    .createTable('admins')
    .addColumn('id', idType, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(oneOf('status_id', [0, 1, 2])),
    )
    .addColumn('date_creation', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('client', 'admin')`))
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sessions_subject_idx')
    .on('sessions')
    .columns(['kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType, idColumn)
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'password_resets',
    'sessions',
    'admins',
    'quiz_pair_contacts',
    'quiz_answers',
    'assistance',
    'event_categories',
    'events',
    'interests',
    'adverts',
    'clients',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
