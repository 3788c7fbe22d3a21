import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../support/test-app';

// A long lifetime: only invalidation can make a change show up during the test.
const testApp = setUpTestApp({ env: { PUBLIC_CACHE_TTL_MS: '600000' } });
const visitor = testApp.agent();

const eventNames = async () =>
  (await visitor.post<{ events: { id: number; name: string }[] }>('event/get', {})).body.events;

describe('the cached public lists', () => {
  it('shows an event change made through the back office at once', async () => {
    const admin = testApp.agent();
    await admin.loginAdmin();
    const [first] = await eventNames();
    const updated = await admin.post('event/update', { event: { id: first!.id, name: 'Cena renombrada' } });
    expect(updated.statusCode).toBe(200);
    expect((await eventNames()).find((event) => event.id === first!.id)?.name).toBe('Cena renombrada');
  });

  it('shows a change written straight to the database at once, and in every category list', async () => {
    const events = await eventNames();
    const target = events[1]!;
    const byCategory = await visitor.post<{ events: { id: number }[] }>('event/get', {
      category: 'speed-dating',
    });
    expect(byCategory.statusCode).toBe(200);
    await testApp.app.db.updateTable('events').set({ status_id: 3 }).where('id', '=', target.id).execute();
    expect((await eventNames()).map((event) => event.id)).not.toContain(target.id);
    const again = await visitor.post<{ events: { id: number }[] }>('event/get', { category: 'speed-dating' });
    expect(again.body.events.map((event) => event.id)).not.toContain(target.id);
  });

  it('drops an advert from /personas as soon as its owner is deactivated', async () => {
    const list = await visitor.post<{ adverts: { client_id: number }[]; total: number }>('adverts/get', {});
    const owner = list.body.adverts[0]!.client_id;
    await testApp.app.db.updateTable('clients').set({ status_id: 2 }).where('id', '=', owner).execute();
    const after = await visitor.post<{ adverts: { client_id: number }[]; total: number }>('adverts/get', {});
    expect(after.body.total).toBe(list.body.total - 1);
    expect(after.body.adverts.map((advert) => advert.client_id)).not.toContain(owner);
  });
});
