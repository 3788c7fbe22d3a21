import { describe, expect, it } from 'vitest';
import { DEMO_CLIENTS } from '../../../src/server/seed/demo-content';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: true });

describe('demo content', () => {
  it('gives every demo member an approved portrait and leaves some photos for moderation', async () => {
    const rows = await testApp.app.db
      .selectFrom('photos')
      .select(['client_id', 'position', 'status_id'])
      .orderBy('client_id')
      .orderBy('position')
      .execute();
    const mains = rows.filter((row) => row.position === 1);
    expect(mains).toHaveLength(DEMO_CLIENTS.length);
    expect(mains.every((row) => row.status_id === 2)).toBe(true);

    const admin = testApp.agent();
    await admin.loginAdmin();
    const dashboard = await admin.post<{ photos: { url: string }[] }>('admin/dashboard');
    expect(dashboard.body.photos.length).toBeGreaterThanOrEqual(2);
    const picture = await admin.get(dashboard.body.photos[0]!.url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    const adverts = await testApp.agent().post<{ adverts: { photo: string | null }[] }>('adverts/get');
    expect(adverts.body.adverts.length).toBeGreaterThan(0);
    for (const advert of adverts.body.adverts) expect(advert.photo).toMatch(/\/blur\.webp$/);
  });
});
