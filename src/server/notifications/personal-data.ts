import type { PersonalDataDeclaration } from '../platform/personal-data';
import { deleteJobsNaming } from '../platform/queue/queue';
import { endpointHost } from './endpoint-hosts';
import { PUSH_NOTIFICATION_JOB } from './notify-member';
import { pushPreferences } from './push-preferences';

/** Her devices that receive push notifications, and the kinds she wants (docs/design/21-pocket.md). */
export const notificationsPersonalData: PersonalDataDeclaration = {
  domain: 'notifications',
  tables: {
    push_subscriptions: { client_id: 'delete' },
    push_preferences: { client_id: 'delete' },
  },

  async exportSections(db, clientId) {
    const devices = await db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'device_label', 'created_at', 'last_success_at'])
      .where('client_id', '=', clientId)
      .orderBy('created_at')
      .execute();
    return {
      // The endpoint's path is a secret of the device: the host says which push service it is.
      push_devices: devices.map((device) => ({
        push_service: endpointHost(device.endpoint),
        device: device.device_label,
        subscribed_at: device.created_at,
        last_notified_at: device.last_success_at,
      })),
      push_preferences: await pushPreferences(db, clientId),
    };
  },

  async erase(trx, clientId, { email }) {
    // A notification still waiting carries its fallback e-mail to her address.
    await deleteJobsNaming(trx, PUSH_NOTIFICATION_JOB, 'to', email);
    await trx.deleteFrom('push_subscriptions').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('push_preferences').where('client_id', '=', clientId).execute();
  },
};
