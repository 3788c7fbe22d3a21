import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

describe('client/events/add under concurrency', () => {
  it('leaves one row when the same client signs up 20 times at once', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => agent.post('client/events/add', { event_id: eventId })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((response) => response.body.created)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.assistance_id)).size).toBe(1);
    const rows = await testApp.app.db
      .selectFrom('assistance')
      .select('id')
      .where('event_id', '=', eventId)
      .where('client_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives each of 30 clients signing up at once exactly one row', async () => {
    const clients = await Promise.all(Array.from({ length: 30 }, () => loggedInClient(testApp)));
    const eventId = await insertEvent(testApp.app);
    const responses = await Promise.all(
      clients.map(({ agent }) => agent.post('client/events/add', { event_id: eventId })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const rows = await testApp.app.db
      .selectFrom('assistance')
      .select('client_id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows.map((row) => row.client_id).sort((a, b) => a - b)).toEqual(
      clients.map((client) => client.id).sort((a, b) => a - b),
    );
  });
});
