import type { DB } from '../../../src/server/platform/db/database';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertClient, insertEvent, signUp } from '../../support/admin-fixtures';

/** Yesterday in Mexico City: a night that has happened. */
export const yesterday = () => dayInMexicoCity(new Date(Date.now() - 24 * 3_600_000));

/** Her place at the event, with the status and arrival given, written directly. */
export async function placeAt(
  app: { db: DB },
  eventId: number,
  clientId: number,
  place: { status_id: number; checked_in?: boolean },
): Promise<number> {
  const id = await signUp(app, eventId, clientId);
  await app.db
    .updateTable('assistance')
    .set({ status_id: place.status_id, checked_in_at: place.checked_in ? new Date().toISOString() : null })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * A past night: Ana and Beto came and picked each other, Carla came and matched nobody, Diana
 * was confirmed and never came, Elena waited.
 */
export async function pastNight(app: { db: DB }) {
  const eventId = await insertEvent(app, {
    name: 'Noche de catas',
    day: yesterday(),
    hour: '20:00',
    venue: 'Casa Lamm',
  });
  const ana = await insertClient(app, { first_name: 'Ana', gender: 1 });
  const beto = await insertClient(app, { first_name: 'Beto', gender: 2 });
  const carla = await insertClient(app, { first_name: 'Carla', gender: 1 });
  const diana = await insertClient(app, { first_name: 'Diana', gender: 1 });
  const elena = await insertClient(app, { first_name: 'Elena', gender: 1 });
  await placeAt(app, eventId, ana.id, { status_id: 2, checked_in: true });
  await placeAt(app, eventId, beto.id, { status_id: 2, checked_in: true });
  await placeAt(app, eventId, carla.id, { status_id: 2, checked_in: true });
  await placeAt(app, eventId, diana.id, { status_id: 2 });
  await placeAt(app, eventId, elena.id, { status_id: 3 });
  const at = new Date().toISOString();
  await app.db
    .insertInto('picks')
    .values([
      { event_id: eventId, client_id: ana.id, target_client_id: beto.id, pick: 1, updated_at: at },
      { event_id: eventId, client_id: beto.id, target_client_id: ana.id, pick: 1, updated_at: at },
      { event_id: eventId, client_id: carla.id, target_client_id: beto.id, pick: 1, updated_at: at },
    ])
    .execute();
  return { eventId, ana, beto, carla, diana, elena };
}
