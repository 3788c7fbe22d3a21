import type { PushPreferences } from '../../shared/contracts/push';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../shared/domain/notification-kinds';
import type { DB } from '../platform/db/database';

/** Every kind, on unless she turned it off. */
export async function pushPreferences(db: DB, clientId: number): Promise<PushPreferences> {
  const rows = await db
    .selectFrom('push_preferences')
    .select(['kind', 'enabled'])
    .where('client_id', '=', clientId)
    .execute();
  const set = new Map(rows.map((row) => [row.kind, row.enabled === 1]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, set.get(kind) ?? true]),
  ) as PushPreferences;
}

export async function wantsKind(db: DB, clientId: number, kind: NotificationKind): Promise<boolean> {
  return (await pushPreferences(db, clientId))[kind];
}

export async function updatePushPreferences(
  db: DB,
  clientId: number,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const now = new Date().toISOString();
  const rows = Object.entries(changes).map(([kind, enabled]) => ({
    client_id: clientId,
    kind,
    enabled: enabled ? 1 : 0,
    updated_at: now,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('push_preferences')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['client_id', 'kind']).doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
