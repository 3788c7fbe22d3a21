import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

interface ListedEvent {
  id: number;
  name: string;
  day: string;
  hour: string;
  status_id: number;
  category: string[];
  image: string;
  image_srcset: string;
}

const testApp = setUpTestApp();

async function listEvents(body: unknown) {
  return testApp.agent().post<{ events: ListedEvent[] }>('event/get', body);
}

const yesterday = () => dayInMexicoCity(new Date(Date.now() - 86_400_000));

function expectUpcomingPublic(events: ListedEvent[]) {
  for (const event of events) {
    expect([1, 2]).toContain(event.status_id);
    expect(event.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(event.hour).toMatch(/^\d{2}:\d{2}$/);
    // From yesterday only while under way (a night that began before midnight).
    expect(event.day >= yesterday()).toBe(true);
  }
}

describe('event/get without a category', () => {
  it('lists only upcoming open and sold-out events that have a day and an hour', async () => {
    const response = await listEvents({});
    expect(response.statusCode).toBe(200);
    expect(response.body.events.length).toBeGreaterThanOrEqual(6);
    expectUpcomingPublic(response.body.events);
    const names = response.body.events.map((event) => event.name);
    expect(names).toContain('Singles Party: noche de salsa');
    expect(names).not.toContain('Speed Dating 35+ en Coyoacán');
    expect(names).not.toContain('Fiesta de Año Nuevo para solteros');
    expect(names).not.toContain('Speed Dating de otoño');
  });

  it('keeps a night from yesterday listed while it is under way, and drops it once it ended', async () => {
    const day = yesterday();
    const underWay = await insertEvent(testApp.app, {
      name: 'Maratón de solteros de dos días',
      day,
      hour: '00:00',
    });
    const ended = await insertEvent(testApp.app, { name: 'Cena de ayer', day, hour: '00:00' });
    // Two days long: it ends at tomorrow's midnight, whatever the hour now. One hour: long over.
    await testApp.app.db
      .updateTable('events')
      .set({ duration_minutes: 2880 })
      .where('id', '=', underWay)
      .execute();
    await testApp.app.db
      .updateTable('events')
      .set({ duration_minutes: 60 })
      .where('id', '=', ended)
      .execute();
    const names = (await listEvents({})).body.events.map((event) => event.name);
    expect(names).toContain('Maratón de solteros de dos días');
    expect(names).not.toContain('Cena de ayer');
  });

  it('falls back to the first category picture for events without an upload', async () => {
    const response = await listEvents({});
    const salsa = response.body.events.find((event) => event.name === 'Singles Party: noche de salsa');
    expect(salsa?.image).toBe('/img/categories/party.webp');
    expect(salsa?.image_srcset).toBe('/img/categories/party-600.webp 600w, /img/categories/party.webp 1200w');
  });
});

describe('event/get with a category', () => {
  it('lists only the upcoming events of that category', async () => {
    const response = await listEvents({ category: 'speed-dating' });
    expect(response.statusCode).toBe(200);
    // The demo's speed-dating night under way today is still listed; its start is the day's.
    expect(response.body.events.map((event) => event.name)).toEqual([
      'Speed Dating esta noche en la Juárez',
      'Speed Dating en la Roma',
    ]);
    expectUpcomingPublic(response.body.events);
  });

  it('finds an event by any of its categories', async () => {
    const response = await listEvents({ category: 'match-making' });
    const names = response.body.events.map((event) => event.name);
    expect(names).toContain('Blind Date: cena a ciegas en Polanco');
    expect(names).toContain('Match Making: sesión con nuestra casamentera');
    for (const event of response.body.events) expect(event.category).toContain('match-making');
  });

  it('answers an empty list for an unknown category', async () => {
    const response = await listEvents({ category: 'karaoke' });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.events).toEqual([]);
  });

  it('refuses a category that is not text with 400 and a Spanish warning naming the field', async () => {
    const response = await listEvents({ category: 42 });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain('categorías');
  });
});
