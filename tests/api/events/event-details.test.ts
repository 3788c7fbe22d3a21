import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { setEventStatus } from './helpers';

const testApp = setUpTestApp();

describe('event/details for visitors', () => {
  it('gives the detail page what it needs and nothing about attendance or limits', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Cena de solteros' });
    const response = await testApp.agent().post<{ event: Record<string, unknown> }>('event/details', {
      event_id: eventId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.event).toMatchObject({
      id: eventId,
      name: 'Cena de solteros',
      description: expect.any(String),
      day: '2030-01-15',
      hour: '20:00',
      status_id: 1,
      price_m: 100,
      price_w: 100,
      category: expect.any(Array),
      image: expect.any(String),
    });
    expect(response.body).not.toHaveProperty('assistance');
    for (const hidden of ['limit_m', 'limit_w', 'left_m', 'left_w', 'assistance'])
      expect(response.body.event).not.toHaveProperty(hidden);
  });

  it('shows a sold-out event', async () => {
    const eventId = await insertEvent(testApp.app);
    await setEventStatus(testApp.app, eventId, 2);
    const response = await testApp.agent().post<{ event: { status_id: number } }>('event/details', {
      event_id: eventId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.event.status_id).toBe(2);
  });

  it.each([
    [3, 'suspended'],
    [0, 'deleted'],
  ])('answers 404 in Spanish for a %s (%s) event', async (status) => {
    const eventId = await insertEvent(testApp.app);
    await setEventStatus(testApp.app, eventId, status);
    const response = await testApp.agent().post('event/details', { event_id: eventId });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({ status: 'warning', message: expect.stringContaining('evento') });
  });

  it('answers 404 for an event that does not exist and 400 for a malformed id', async () => {
    expect((await testApp.agent().post('event/details', { event_id: 999_999 })).statusCode).toBe(404);
    const malformed = await testApp.agent().post('event/details', { event_id: 'uno' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body.message).toContain('evento');
  });
});
