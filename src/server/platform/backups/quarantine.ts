import type { DB } from '../db/database';

/**
 * A restored database starts quarantined (docs/design/24-backups.md): it may hold jobs and payments of a past
 * moment, so it sends no e-mail or push and calls no payment provider until the operator, having
 * looked, runs `cita restore --activate`. The flag lives in the restored database itself, so every
 * instance that opens it obeys it.
 */
export interface Quarantine {
  restoredFrom: string;
  restoredAt: string;
}

export async function quarantineOf(db: DB): Promise<Quarantine | null> {
  const row = await db
    .selectFrom('restore_quarantine')
    .select(['restored_from', 'restored_at'])
    .executeTakeFirst();
  return row ? { restoredFrom: row.restored_from, restoredAt: row.restored_at } : null;
}

export async function enterQuarantine(db: DB, restoredFrom: string): Promise<void> {
  await db
    .insertInto('restore_quarantine')
    .values({ id: 1, restored_from: restoredFrom, restored_at: new Date().toISOString() })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ restored_from: restoredFrom, restored_at: new Date().toISOString() }),
    )
    .execute();
}

/** Lifts the quarantine; answers whether there was one. */
export async function leaveQuarantine(db: DB): Promise<boolean> {
  const result = await db.deleteFrom('restore_quarantine').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The message a payment-provider call gets while quarantined. */
export const QUARANTINE_REFUSES_PROVIDER =
  'La base está restaurada en cuarentena: no se llama al proveedor de pagos hasta activarla';
