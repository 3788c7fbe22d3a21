import type { Transaction } from 'kysely';
import {
  EXPORT_CODES,
  EXPORT_NOTE_NAMES,
  EXPORT_SECTIONS,
  type ExportCode,
} from '../../shared/domain/personal-data-export';
import type { PaymentsConfig } from './config';
import type { DB } from './db/database';
import type { Database } from './db/schema';

/** What every declaration may need to find or describe a member's data. */
export interface PersonalDataContext {
  publicUrl: string;
  /** Places freed by an erasure go to people waiting, who must then pay for them. */
  payments: PaymentsConfig;
}

/** Known inside an erasure: the address the account had, and the password hash that replaces its own. */
export interface ErasureContext extends PersonalDataContext {
  email: string;
  unusablePasswordHash: string;
}

/**
 * What erasure does to one column: `delete` (the row goes), `scrub` (the value is nulled or
 * replaced), or `keep` with the reason the value may stay (tests/api/platform/erasure-proved.test.ts
 * fails on anything else that still names her).
 */
export type ColumnErasure = 'delete' | 'scrub' | { keep: string };

/**
 * A column that names a member without a foreign key to `clients.id` (the registry finds the
 * others through their foreign keys): it says why there can be none.
 */
export interface ColumnWithoutForeignKey {
  erasure: ColumnErasure;
  withoutForeignKey: string;
}

export type ColumnDeclaration = ColumnErasure | ColumnWithoutForeignKey;

/**
 * One domain's personal data (docs/design/18-personal-data.md), declared next to its tables: which of its tables
 * name a member or hold her data, what erasure does to each such column, what the ARCO export
 * shows, and the code that erases it. The export and the erasure only iterate these declarations.
 */
export interface PersonalDataDeclaration {
  domain: string;
  /**
   * Each table of the domain that names a member, with every column pointing at `clients.id`
   * (or naming a member without a foreign key) and any other column the erasure scrubs.
   */
  tables: Record<string, Record<string, ColumnDeclaration>>;
  /** The domain's sections of the ARCO export, as the member may read them. */
  exportSections(db: DB, clientId: number, context: PersonalDataContext): Promise<Record<string, unknown>>;
  /** Removes or anonymises the member's rows, inside the erasure's one transaction. */
  erase(trx: Transaction<Database>, clientId: number, context: ErasureContext): Promise<void>;
}

/**
 * The declarations in erasure order: a domain whose erasure reads the member's row (the events'
 * waiting list reads the gender) comes before the one that anonymises it (accounts, last).
 */
export type PersonalDataRegistry = readonly PersonalDataDeclaration[];

/** The ARCO export: every domain's sections, in registry order. */
export async function exportPersonalData(
  registry: PersonalDataRegistry,
  db: DB,
  clientId: number,
  context: PersonalDataContext,
): Promise<Record<string, unknown>> {
  const sections: Record<string, unknown> = { exported_at: new Date().toISOString() };
  for (const declaration of registry) {
    Object.assign(sections, await declaration.exportSections(db, clientId, context));
  }
  sections.privacy_notice = `${context.publicUrl}/aviso-privacidad`;
  return sections;
}

/** A row (or each row of a list) with the meaning of its coded fields written beside the codes. */
function withMeanings(value: unknown, codes: Record<string, ExportCode> | undefined): unknown {
  if (!codes || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((row) => withMeanings(row, codes));
  return Object.fromEntries(
    Object.entries(value).flatMap(([field, code]) => {
      const meaning = codes[field];
      if (!meaning || (typeof code !== 'number' && typeof code !== 'string')) return [[field, code]];
      return [
        [field, code],
        [meaning.name, meaning.labels[code] ?? ''],
      ];
    }),
  );
}

/**
 * The export as the file she downloads: each section under its Spanish name ("perfil",
 * "inscripciones a eventos"), each coded field followed by what it means ("status_id": 2,
 * "estado": "Confirmado"). The fields keep their names and values for a program that reads it.
 */
export function readablePersonalData(data: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, string> = { ...EXPORT_SECTIONS, ...EXPORT_NOTE_NAMES };
  return Object.fromEntries(
    Object.entries(data).map(([section, value]) => [
      names[section] ?? section,
      withMeanings(value, EXPORT_CODES[section as keyof typeof EXPORT_CODES]),
    ]),
  );
}

/** Erasure of every domain's data, in registry order, inside the caller's transaction. */
export async function erasePersonalData(
  registry: PersonalDataRegistry,
  trx: Transaction<Database>,
  clientId: number,
  context: ErasureContext,
): Promise<void> {
  for (const declaration of registry) await declaration.erase(trx, clientId, context);
}

/** One declared column, with the domain that declares it. */
export interface DeclaredColumn {
  domain: string;
  table: string;
  column: string;
  erasure: ColumnErasure;
  /** Set on a column that names a member without a foreign key to `clients.id`: why. */
  withoutForeignKey?: string;
}

/** Every column the registry declares, as `table.column` in the order of the registry. */
export function declaredColumns(registry: PersonalDataRegistry): DeclaredColumn[] {
  return registry.flatMap(({ domain, tables }) =>
    Object.entries(tables).flatMap(([table, columns]) =>
      Object.entries(columns).map(([column, declaration]) =>
        typeof declaration === 'object' && 'withoutForeignKey' in declaration
          ? {
              domain,
              table,
              column,
              erasure: declaration.erasure,
              withoutForeignKey: declaration.withoutForeignKey,
            }
          : { domain, table, column, erasure: declaration },
      ),
    ),
  );
}

/** The reason a kept column may still name her, or undefined when erasure must remove it. */
export function keptBecause(erasure: ColumnErasure): string | undefined {
  return typeof erasure === 'object' ? erasure.keep : undefined;
}

/**
 * Columns whose name says they name a member (`client_id`, `target_client_id`, `client_a`, …): a
 * second net under the foreign keys, for a column added without one.
 */
export function namesAClient(column: string): boolean {
  return /(^|_)client(_|$)/.test(column);
}
