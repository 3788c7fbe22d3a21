import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp();

const ADMIN_CALLS: [string, Record<string, unknown>][] = [
  ['admin/get', {}],
  ['admin/add', { admin: { name: 'X', email: 'x@pruebas.mx', password: 'una-clave-larga' } }],
  ['admin/profile', { profile_id: 1 }],
  ['admin/update', { admin: { id: 1, name: 'X' } }],
  ['admin/dashboard', {}],
  ['admin/matches', {}],
  ['admin/clients/get', {}],
  ['admin/clients/update', { client: { id: 1, status_id: 2 } }],
  ['admin/audit/get', {}],
  ['admin/backups/get', {}],
  ['event/add', { event: { name: 'X' } }],
  ['event/update', { clean_id: 1 }],
  ['event/update', { picks_close: 1 }],
  ['event/rounds', { event_id: 1 }],
];

describe('admin calls without an admin session', () => {
  it.each(ADMIN_CALLS)('%s refuses a visitor with 401', async (call, body) => {
    const response = await testApp.agent().post(call, body);
    expect(response.statusCode).toBe(401);
    expect(response.body.status).toBe('warning');
  });

  it.each(ADMIN_CALLS)('%s refuses a logged-in client with 401', async (call, body) => {
    const agent = testApp.agent();
    await agent.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const response = await agent.post(call, body);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a body admin_id that names another admin with 403', async () => {
    const agent = testApp.agent();
    const adminId = await agent.loginAdmin();
    const response = await agent.post('admin/dashboard', { admin_id: adminId + 100 });
    expect(response.statusCode).toBe(403);
  });

  it('refuses the attendance CSV to a visitor', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/event/attendance.csv?event_id=1' });
    expect(response.statusCode).toBe(401);
  });

  it('gives the public view of event/get to a visitor and the admin view to an admin who names themselves', async () => {
    const visitor = await testApp.agent().post<{ events: any[] }>('event/get', {});
    expect(visitor.body.events.every((event) => [1, 2].includes(event.status_id))).toBe(true);
    expect(visitor.body.events[0]).not.toHaveProperty('limit_w');
    const agent = testApp.agent();
    const adminId = await agent.loginAdmin();
    const withoutId = await agent.post<{ events: any[] }>('event/get', {});
    expect(withoutId.body.events.every((event) => [1, 2].includes(event.status_id))).toBe(true);
    const admin = await agent.post<{ events: any[] }>('event/get', { admin_id: adminId });
    expect(admin.body.events.some((event) => event.status_id === 3)).toBe(true);
    expect(admin.body.events.some((event) => event.status_id === 0)).toBe(false);
    expect(admin.body.events[0]).toHaveProperty('left_w');
    expect(typeof admin.body.events[0].category).toBe('string');
  });
});
