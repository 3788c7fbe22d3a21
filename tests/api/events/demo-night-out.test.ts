import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: true, loginAdmin: true });
const { admin } = testApp;

describe('demo content shows the night out', () => {
  it('events in several cities, each with its venue; one with an age band; the Roma full for women', async () => {
    const list = await testApp.agent().post<{ events: any[] }>('event/get', {});
    const events = list.body.events;
    expect(new Set(events.map((event) => event.city)).size).toBeGreaterThanOrEqual(4);
    for (const event of events) {
      expect(event.venue).not.toBe('');
      expect(event.address).not.toBe('');
    }
    expect(events.some((event) => event.age_min !== null && event.age_max !== null)).toBe(true);
    const roma = events.find((event) => event.name === 'Speed Dating en la Roma');
    expect(roma).toMatchObject({ available_w: 0, city: 'cdmx' });

    const details = await admin.post<{ event: any; assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: roma.id,
    });
    expect(details.body.event).toMatchObject({ held_w: 3, waiting_w: 2 });
    expect(
      details.body.assistance.filter((entry) => entry.status_id === 3).map((entry) => entry.position),
    ).toEqual([1, 2]);
  });

  it('a past event whose confirmed attendees have tickets and checked in', async () => {
    const all = await admin.post<{ events: any[] }>('event/get', { admin_id: testApp.adminId });
    const past = all.body.events.find((event) => event.name === 'Speed Dating de otoño');
    expect(past).toMatchObject({ past: true });
    expect(past.checked_in_w + past.checked_in_m).toBeGreaterThan(0);
    const details = await admin.post<{ assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: past.id,
    });
    for (const entry of details.body.assistance.filter((row) => row.status_id === 2)) {
      expect(entry.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(entry.checked_in).toBe(1);
    }
  });

  it('a rated past night and a member who asked for news (docs/design/25-organizers.md)', async () => {
    const trend = await admin.post<{
      venues: { venue: string; nights: { average: number; count: number }[] }[];
    }>('admin/ratings/trend', {});
    expect(trend.body.venues.find((venue) => venue.venue === 'Café Tacubaya')?.nights).toEqual([
      expect.objectContaining({ average: 4.2, count: 5 }),
    ]);
    const news = await admin.post('admin/event/message', {
      segment: 'news',
      title: 'Hola',
      text: 'Hola',
      send: false,
    });
    expect(news.body.recipients).toBe(1);
  });
});
