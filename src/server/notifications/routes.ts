import type { FastifyInstance } from 'fastify';
import {
  pushKeyAnswer,
  pushKeyBody,
  pushPreferencesAnswer,
  pushPreferencesGetBody,
  pushPreferencesUpdateBody,
  pushSubscribeAnswer,
  pushSubscribeBody,
  pushUnsubscribeAnswer,
  pushUnsubscribeBody,
} from '../../shared/contracts/push';
import { requireClient } from '../platform/auth/guards';
import type { DB } from '../platform/db/database';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { registerPushJobs } from './push-delivery';
import { pushPreferences, updatePushPreferences } from './push-preferences';
import { deviceCount, deviceLabel, isHerDevice, subscribe, unsubscribe } from './push-subscriptions';
import { vapidKeys } from './vapid-keys';

async function preferencesAnswer(db: DB, clientId: number, endpoint: string | undefined) {
  return {
    preferences: await pushPreferences(db, clientId),
    devices: await deviceCount(db, clientId),
    this_device: endpoint ? await isHerDevice(db, clientId, endpoint) : false,
  };
}

/** A member's devices and notification preferences (docs/design/21-pocket.md), and the push jobs. */
export async function registerNotificationRoutes(app: FastifyInstance): Promise<void> {
  registerPushJobs(app);
  const api = zodApp(app, requireClient);

  api.post('/client/push/key', callOptions(pushKeyBody, pushKeyAnswer), async () => {
    const { publicKey } = await vapidKeys(app.db, app.config.push);
    return ok('Clave de notificaciones', { public_key: publicKey });
  });

  api.post('/client/push/subscribe', callOptions(pushSubscribeBody, pushSubscribeAnswer), async (request) => {
    const label = deviceLabel(request.headers['user-agent']);
    await subscribe(app.db, app.config.push, request.clientId, request.body.subscription, label);
    const { publicKey } = await vapidKeys(app.db, app.config.push);
    return ok('Listo: este dispositivo recibirá tus avisos', { public_key: publicKey });
  });

  api.post(
    '/client/push/unsubscribe',
    callOptions(pushUnsubscribeBody, pushUnsubscribeAnswer),
    async (request) => {
      await unsubscribe(app.db, request.clientId, request.body.endpoint);
      return ok('Este dispositivo ya no recibirá avisos');
    },
  );

  api.post(
    '/client/push/preferences/get',
    callOptions(pushPreferencesGetBody, pushPreferencesAnswer),
    async (request) =>
      ok('Tus avisos', await preferencesAnswer(app.db, request.clientId, request.body?.endpoint)),
  );

  api.post(
    '/client/push/preferences/update',
    callOptions(pushPreferencesUpdateBody, pushPreferencesAnswer),
    async (request) => {
      await updatePushPreferences(app.db, request.clientId, request.body.preferences);
      return ok('Guardamos tus avisos', await preferencesAnswer(app.db, request.clientId, undefined));
    },
  );
}
