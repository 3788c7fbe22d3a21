import type { Transaction } from 'kysely';
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
 * One domain's personal data (design.md §18), declared next to its tables: which of its tables
 * name a member and in which columns, what the ARCO export shows, and how erasure removes or
 * anonymises it. The export and the erasure only iterate these declarations.
 */
export interface PersonalDataDeclaration {
  domain: string;
  /** Each table of the domain that names a member, with the columns that do. */
  tables: Record<string, string[]>;
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

/** Erasure of every domain's data, in registry order, inside the caller's transaction. */
export async function erasePersonalData(
  registry: PersonalDataRegistry,
  trx: Transaction<Database>,
  clientId: number,
  context: ErasureContext,
): Promise<void> {
  for (const declaration of registry) await declaration.erase(trx, clientId, context);
}

/** Columns that name a member: `client_id`, `target_client_id`, `client_a`, … */
export function namesAClient(column: string): boolean {
  return /(^|_)client(_|$)/.test(column);
}
