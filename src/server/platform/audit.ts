import type { Kysely, Transaction } from 'kysely';
import { ADMIN_PAGE_SIZE, type AuditEntry } from '../../shared/contracts/admin';
import type { DB } from './db/database';
import type { Database } from './db/schema';
import { nowIso } from './time';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  adminId: number;
  /** What happened, e.g. 'advert.approve', 'event.update'. */
  action: string;
  entity: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry; call it with the transaction that makes the change so both land or neither. */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      admin_id: record.adminId,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId,
      before_json: record.before === undefined ? null : JSON.stringify(record.before),
      after_json: record.after === undefined ? null : JSON.stringify(record.after),
      created_at: nowIso(),
    })
    .execute();
}

/** An audit row as stored; the back office adds the Spanish sentence and the link. */
export type AuditLogEntry = Omit<AuditEntry, 'sentence' | 'link'>;

export async function listAudit(db: DB, page: number): Promise<{ entries: AuditLogEntry[]; total: number }> {
  const { total } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('audit_log')
    .leftJoin('admins', 'admins.id', 'audit_log.admin_id')
    .select([
      'audit_log.id',
      'audit_log.admin_id',
      'admins.name as admin_name',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.created_at',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return { entries, total: Number(total) };
}
