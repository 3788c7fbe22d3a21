import type { PushSubscriptionInput } from '../../shared/contracts/push';
import type { PushConfig } from '../platform/config';
import type { DB } from '../platform/db/database';
import { AppError } from '../platform/errors';
import { isAllowedEndpoint } from './endpoint-hosts';

/** Devices one member may have; a new one past it replaces her oldest (a phone long gone). */
export const MAX_DEVICES = 10;

export const ENDPOINT_REFUSED =
  'Este navegador usa un servicio de notificaciones que Cita no admite; prueba con otro navegador';

/**
 * Keeps this device's subscription for the member. The same endpoint already stored (hers, or
 * another member's: the device changed hands) is replaced with her keys; past MAX_DEVICES her
 * oldest device goes.
 */
export async function subscribe(
  db: DB,
  config: PushConfig,
  clientId: number,
  subscription: PushSubscriptionInput,
  deviceLabel: string | null,
): Promise<void> {
  if (!isAllowedEndpoint(subscription.endpoint, config.endpointHosts))
    throw new AppError(400, ENDPOINT_REFUSED);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({
        client_id: clientId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        device_label: deviceLabel,
        created_at: now,
        last_success_at: null,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          client_id: clientId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          device_label: deviceLabel,
          created_at: now,
          last_success_at: null,
        }),
      )
      .execute();
    const beyondCap = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('client_id', '=', clientId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_DEVICES)
      .limit(1000)
      .execute();
    if (beyondCap.length > 0) {
      await trx
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          beyondCap.map(({ id }) => id),
        )
        .execute();
    }
  });
}

/** Forgets this device for her; someone else's device with that endpoint is left alone. */
export async function unsubscribe(db: DB, clientId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('client_id', '=', clientId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function deviceCount(db: DB, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isHerDevice(db: DB, clientId: number, endpoint: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('client_id', '=', clientId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return row !== undefined;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iPhone'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux|CrOS/, 'Linux'],
];

/** "Chrome en Android": enough for her to tell her devices apart, nothing that fingerprints her. */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return null;
  return [browser ?? 'Navegador', system].filter(Boolean).join(' en ');
}
