import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  clientForeignKeys,
  type SchemaColumn,
  type SchemaTable,
  walkSchema,
} from '../../../src/server/platform/db/schema-walker';
import {
  declaredColumns,
  keptBecause,
  type PersonalDataRegistry,
} from '../../../src/server/platform/personal-data';
import { insertClient } from '../../support/admin-fixtures';

/** The member erased by the proof: her id, and the strings that would name her anywhere. */
export interface Member {
  id: number;
  /** Her first name, last name, e-mail and phone: unique strings nothing else in the database holds. */
  traces: string[];
}

/**
 * Values a generic row cannot guess: columns whose check constraint allows only some words. Every
 * other column is filled from its type, its foreign key or the member being erased.
 */
const CHECKED_WORDS: Record<string, Record<string, string>> = {
  sessions: { kind: 'client' },
  payments: { status: 'paid', currency: 'mxn' },
  invoice_documents: { kind: 'receipt', state: 'issued' },
};

interface Schema {
  tables: Map<string, SchemaTable>;
  /** `table.column` of every column naming a member: foreign keys to clients.id and declared exceptions. */
  memberColumns: Set<string>;
  /** `table.column` of every column the registry keeps, for a reason it gives. */
  kept: Set<string>;
}

async function readSchema(db: Kysely<any>, registry: PersonalDataRegistry): Promise<Schema> {
  const walked = await walkSchema(db);
  const tables = new Map(walked.map((table) => [table.name, table]));
  const declared = declaredColumns(registry);
  const memberColumns = new Set([
    ...clientForeignKeys(walked),
    ...declared.filter((column) => column.withoutForeignKey).map(({ table, column }) => `${table}.${column}`),
  ]);
  const kept = new Set(
    declared.filter(({ erasure }) => keptBecause(erasure)).map(({ table, column }) => `${table}.${column}`),
  );
  return { tables, memberColumns, kept };
}

function isInteger(column: SchemaColumn): boolean {
  return /int/i.test(column.dataType);
}

function isText(column: SchemaColumn): boolean {
  return /text|char/i.test(column.dataType);
}

function isBinary(column: SchemaColumn): boolean {
  return /blob|bytea/i.test(column.dataType);
}

let filler = 0;

/** A value of the column's type that passes the usual checks (1 is in every status list and ≥ 0). */
function typedValue(table: string, column: SchemaColumn): unknown {
  const word = CHECKED_WORDS[table]?.[column.name];
  if (word !== undefined) return word;
  if (isInteger(column)) return 1;
  if (isBinary(column)) return Buffer.from('relleno');
  if (column.name.endsWith('_at')) return new Date().toISOString();
  filler += 1;
  return `relleno-${filler}`;
}

/**
 * Inserts one row into `table` with `fixed` as given. Other columns pointing at a member get
 * `otherMember`; columns pointing at another table get a new row there (naming `owner`, as her
 * payment's sign-up is hers); the rest get a value of their type, or their default. Returns the row.
 */
async function insertRow(
  db: Kysely<any>,
  schema: Schema,
  table: string,
  fixed: Record<string, unknown>,
  owner: number,
  otherMember: number,
): Promise<Record<string, unknown>> {
  const metadata = schema.tables.get(table);
  if (!metadata) throw new Error(`no table ${table}`);
  const values: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    const name = column.name;
    const key = metadata.foreignKeys.find((candidate) => candidate.column === name);
    if (name in fixed) values[name] = fixed[name];
    else if (schema.memberColumns.has(`${table}.${name}`)) values[name] = otherMember;
    else if (key) {
      const parent = await insertRow(db, schema, key.references, {}, owner, owner);
      values[name] = parent[key.referencedColumn];
    } else if (CHECKED_WORDS[table]?.[name] !== undefined) values[name] = typedValue(table, column);
    else if (!column.autoIncrementing && !column.hasDefault && !column.nullable) {
      values[name] = typedValue(table, column);
    }
  }
  return db.insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * One row per column naming a member, in every table that has one (found by foreign key, not by
 * the registry): that column names her, other member columns name someone else. Where a table's
 * checks refuse the first other member (quiz pairs are stored smaller id first), the one made
 * after her is tried. Throws, naming the table, when no row can be made.
 */
export async function fillEveryTable(
  db: Kysely<any>,
  registry: PersonalDataRegistry,
  member: Member,
  others: { before: number; after: number },
): Promise<string[]> {
  const schema = await readSchema(db, registry);
  const filled: string[] = [];
  for (const entry of [...schema.memberColumns].sort()) {
    const [table, column] = entry.split('.') as [string, string];
    if (table === 'clients') continue;
    const errors: string[] = [];
    for (const other of [others.before, others.after]) {
      try {
        await insertRow(db, schema, table, { [column]: member.id }, member.id, other);
        filled.push(entry);
        break;
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (!filled.includes(entry))
      throw new Error(`cannot fill ${entry} for the erasure proof: ${errors.join('; ')}`);
  }
  return filled;
}

/**
 * Everything in the database that still names her, outside the columns kept with a reason: her id
 * in any column naming a member, or her name, e-mail or phone in any text column of any table.
 */
export async function tracesLeft(
  db: Kysely<any>,
  registry: PersonalDataRegistry,
  member: Member,
): Promise<string[]> {
  const schema = await readSchema(db, registry);
  const found: string[] = [];
  for (const [table, metadata] of schema.tables) {
    for (const column of metadata.columns) {
      const entry = `${table}.${column.name}`;
      if (schema.kept.has(entry)) continue;
      const ref = sql.ref(`${table}.${column.name}`);
      if (schema.memberColumns.has(entry)) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
          where ${ref} = ${member.id}`.execute(db);
        if (Number(rows[0]?.n) > 0) found.push(`${entry} = her id`);
      } else if (isText(column)) {
        for (const trace of member.traces) {
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
            where lower(${ref}) like ${`%${trace.toLowerCase()}%`}`.execute(db);
          if (Number(rows[0]?.n) > 0) found.push(`${entry} contains "${trace}"`);
        }
      }
    }
  }
  return found;
}

let words = 0;

/** Letters only, so that no other value in the database can contain them by chance. */
function uniqueWord(): string {
  words += 1;
  const letters = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${letters.join('')}${words.toString(36)}`;
}

/**
 * A member named by unique strings, with one row naming her in every column that points at a
 * member (and members made before and after her for the other side of pairs).
 */
export async function memberInEveryTable(
  app: { db: Kysely<any> },
  registry: PersonalDataRegistry,
): Promise<{ member: Member; email: string; filled: string[] }> {
  const before = await insertClient(app);
  const firstName = `Ximena${uniqueWord()}`;
  const lastName = `Quiroz${uniqueWord()}`;
  const phone = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const her = await insertClient(app, { first_name: firstName, last_name: lastName, phone, gender: 2 });
  const after = await insertClient(app);
  const member: Member = { id: her.id, traces: [firstName, lastName, her.email, phone] };
  const filled = await fillEveryTable(app.db, registry, member, { before: before.id, after: after.id });
  return { member, email: her.email, filled };
}

/** How many rows each table holds. */
export async function rowCounts(db: Kysely<any>, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      db,
    );
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}
