import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { insertEvent, signUp, type WithDb } from '../../support/admin-fixtures';

/** Moves an event so that it starts `minutesFromNow` from now (negative: it already started). */
export async function setEventStart(app: WithDb, eventId: number, minutesFromNow: number): Promise<void> {
  const { day, hour } = mexicoDayAndHour(new Date(Date.now() + minutesFromNow * 60_000));
  await app.db.updateTable('events').set({ day, hour }).where('id', '=', eventId).execute();
}

/** A confirmed sign-up checked in at the door (what night-server's check-in call records). */
export async function checkIn(app: WithDb, eventId: number, clientId: number): Promise<number> {
  const assistanceId = await signUp(app, eventId, clientId);
  await app.db
    .updateTable('assistance')
    .set({ status_id: 2, checked_in_at: new Date().toISOString() })
    .where('id', '=', assistanceId)
    .execute();
  return assistanceId;
}

/** An event that started `minutesAgo` minutes ago with these clients checked in. */
export async function runningEvent(app: WithDb, clientIds: number[], minutesAgo = 30): Promise<number> {
  const eventId = await insertEvent(app, { name: 'Speed dating de prueba' });
  await setEventStart(app, eventId, -minutesAgo);
  for (const clientId of clientIds) await checkIn(app, eventId, clientId);
  return eventId;
}
