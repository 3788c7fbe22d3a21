import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertClient, insertEvent, signUp } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

const night = {
  name: 'Noche en Guadalajara',
  day: '2030-03-01',
  hour: '21:00',
  venue: 'Terraza Cielo',
  address: 'Av. Chapultepec 480, Col. Americana',
  city: 'guadalajara',
  duration_minutes: 150,
  age_min: 25,
  age_max: 40,
  limit_w: 3,
  limit_m: 2,
};

async function eventRows(name: string) {
  return testApp.app.db.selectFrom('events').selectAll().where('name', '=', name).execute();
}

describe('event/add and event/update with the night-out fields', () => {
  it('stores venue, address, city, duration and age band and shows them in admin and public reads', async () => {
    const added = await admin.post<{ event_id: number }>('event/add', {
      admin_id: testApp.adminId,
      event: night,
    });
    expect(added.statusCode).toBe(200);
    const id = added.body.event_id;
    const adminView = await admin.post<{ event: any }>('event/details', {
      admin_id: testApp.adminId,
      event_id: id,
    });
    expect(adminView.body.event).toMatchObject({
      ...night,
      held_w: 0,
      held_m: 0,
      left_w: 3,
      checked_in_w: 0,
      checked_in_m: 0,
      past: false,
    });
    const publicView = await testApp.agent().post<{ event: any }>('event/details', { event_id: id });
    expect(publicView.body.event).toMatchObject({
      venue: 'Terraza Cielo',
      address: 'Av. Chapultepec 480, Col. Americana',
      city: 'guadalajara',
      duration_minutes: 150,
      age_min: 25,
      age_max: 40,
      available_w: 3,
      available_m: 2,
      past: false,
    });

    const updated = await admin.post('event/update', {
      admin_id: testApp.adminId,
      event: { id, name: night.name, city: 'merida', age_min: null, duration_minutes: 90 },
    });
    expect(updated.statusCode).toBe(200);
    const [row] = await eventRows(night.name);
    expect(row).toMatchObject({
      city: 'merida',
      age_min: null,
      age_max: 40,
      duration_minutes: 90,
      venue: 'Terraza Cielo',
    });
  });

  it('defaults to Mexico City and 120 minutes without a band', async () => {
    const added = await admin.post<{ event_id: number }>('event/add', {
      event: { name: 'Sin lugar todavía' },
    });
    expect(added.statusCode).toBe(200);
    const [row] = await eventRows('Sin lugar todavía');
    expect(row).toMatchObject({
      city: 'cdmx',
      duration_minutes: 120,
      age_min: null,
      age_max: null,
      venue: '',
    });
  });

  it.each([
    [{ city: 'oaxaca' }, 'Elige una ciudad de la lista'],
    [{ duration_minutes: 10 }, 'La duración mínima es de 15 minutos'],
    [{ duration_minutes: 721 }, 'La duración máxima es de 720 minutos (12 horas)'],
    [{ age_min: 17 }, 'La edad mínima es 18 años'],
    [{ age_max: 100 }, 'La edad máxima es 99 años'],
    [{ age_min: 40, age_max: 30 }, 'La edad mínima no puede ser mayor que la máxima'],
  ])('refuses %o with 400 and a Spanish message, storing nothing', async (fields, message) => {
    const name = `Inválido ${JSON.stringify(fields)}`;
    const response = await admin.post('event/add', { event: { name, ...fields } });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain(message);
    expect(await eventRows(name)).toHaveLength(0);
  });

  it('refuses an update that turns the stored band upside down', async () => {
    const id = await insertEvent(testApp.app, { name: 'Banda guardada', age_min: 30, age_max: 45 });
    const response = await admin.post('event/update', { event: { id, name: 'Banda guardada', age_max: 25 } });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toBe('La edad mínima no puede ser mayor que la máxima');
    const [row] = await eventRows('Banda guardada');
    expect(row).toMatchObject({ age_min: 30, age_max: 45 });
  });
});

describe('event/get {city} and the public places', () => {
  it('filters by city and refuses an unknown one', async () => {
    const inLeon = await insertEvent(testApp.app, { name: 'Noche en León', city: 'leon' });
    await insertEvent(testApp.app, { name: 'Noche en Puebla', city: 'puebla' });
    const response = await testApp.agent().post<{ events: any[] }>('event/get', { city: 'leon' });
    expect(response.statusCode).toBe(200);
    expect(response.body.events.map((event) => event.id)).toEqual([inLeon]);
    expect(response.body.events[0]).toMatchObject({ city: 'leon' });
    const unknown = await testApp.agent().post('event/get', { city: 'atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.message).toContain('Elige una ciudad de la lista');
  });

  it('counts registered and confirmed sign-ups as held, never below 0', async () => {
    const eventId = await insertEvent(testApp.app, {
      name: 'Cupo contado',
      city: 'queretaro',
      limit_w: 2,
      limit_m: 1,
    });
    const women = await Promise.all([1, 2, 3].map(() => insertClient(testApp.app, { gender: 1 })));
    const man = await insertClient(testApp.app, { gender: 2 });
    await signUp(testApp.app, eventId, women[0]!.id);
    const confirmed = await signUp(testApp.app, eventId, women[1]!.id);
    await testApp.app.db
      .updateTable('assistance')
      .set({ status_id: 2 })
      .where('id', '=', confirmed)
      .execute();
    // A third woman beyond the limit (the limit lowered after she signed up) never makes it negative.
    await signUp(testApp.app, eventId, women[2]!.id);
    const waiting = await signUp(testApp.app, eventId, man.id);
    await testApp.app.db.updateTable('assistance').set({ status_id: 3 }).where('id', '=', waiting).execute();
    const list = await testApp.agent().post<{ events: any[] }>('event/get', { city: 'queretaro' });
    expect(list.body.events[0]).toMatchObject({ id: eventId, available_w: 0, available_m: 1 });
    const adminView = await admin.post<{ event: any }>('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    expect(adminView.body.event).toMatchObject({
      held_w: 3,
      held_m: 0,
      confirmed_w: 1,
      left_w: 1,
      waiting_m: 1,
    });
  });

  it('marks an event that started today as past, and refuses a sign-up to it with 409', async () => {
    const now = new Date();
    const today = dayInMexicoCity(now);
    const started = await insertEvent(testApp.app, {
      name: 'Ya empezó',
      day: today,
      hour: '00:00',
      city: 'tijuana',
    });
    const list = await testApp.agent().post<{ events: any[] }>('event/get', { city: 'tijuana' });
    expect(list.body.events.find((event) => event.id === started)).toMatchObject({ past: true });
    const { agent, id } = await loggedInClient(testApp);
    const response = await agent.post('client/events/add', { event_id: started });
    expect(response.statusCode).toBe(409);
    expect(response.body).toMatchObject({ status: 'warning', message: 'Este evento ya pasó' });
    const rows = await testApp.app.db
      .selectFrom('assistance')
      .select('id')
      .where('client_id', '=', id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('age band on sign-up', () => {
  it('refuses a member outside the band with the band in the message, and accepts one inside', async () => {
    const eventId = await insertEvent(testApp.app, { age_min: 25, age_max: 40 });
    // Ages on the event day (2030-01-15).
    const young = await loggedInClient(testApp, { birthday: '2006-01-16' });
    const old = await loggedInClient(testApp, { birthday: '1989-01-14' });
    const fits = await loggedInClient(testApp, { birthday: '2005-01-15' });
    for (const outside of [young, old]) {
      const response = await outside.agent.post('client/events/add', { event_id: eventId });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatchObject({
        status: 'warning',
        message: 'Este evento es para personas de 25 a 40 años',
      });
    }
    const inside = await fits.agent.post('client/events/add', { event_id: eventId });
    expect(inside.statusCode).toBe(200);
    expect(inside.body).toMatchObject({ status_id: 1, created: true });
    const rows = await testApp.app.db
      .selectFrom('assistance')
      .select('client_id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows.map((row) => row.client_id)).toEqual([fits.id]);
  });

  it('names a one-sided band', async () => {
    const eventId = await insertEvent(testApp.app, { age_min: 30 });
    const young = await loggedInClient(testApp, { birthday: '2005-01-01' });
    const response = await young.agent.post('client/events/add', { event_id: eventId });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toBe('Este evento es para personas de 30 años o más');
  });
});
