import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { importLegacyEventImages } from '../../../src/server/events/event-images';
import { createDatabase } from '../../../src/server/platform/db/database';
import { insertEvent } from '../../support/admin-fixtures';
import { dataUrl, pngBytes, pngClaiming } from '../../support/images';
import { migrateBefore } from '../../support/migrate-before';
import { type StartedTestApp, setUpTestApp, startTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

async function eventImage(eventId: number): Promise<{ image: string; image_srcset: string }> {
  const response = await admin.post<{ event: { image: string; image_srcset: string } }>('event/details', {
    admin_id: testApp.adminId,
    event_id: eventId,
  });
  expect(response.statusCode).toBe(200);
  return response.body.event;
}

async function imageRowCounts(): Promise<{ images: number; variants: number }> {
  const db = testApp.app.db;
  const images = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const variants = await db
    .selectFrom('image_variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { images: Number(images.n), variants: Number(variants.n) };
}

function srcsetEntries(srcset: string): { url: string; width: number }[] {
  return srcset.split(', ').map((entry) => {
    const [url, width] = entry.split(' ');
    return { url: url!, width: Number.parseInt(width!, 10) };
  });
}

describe('event images in the database', () => {
  it('serves every size of an upload as WebP of that width, rotated by EXIF, without metadata, cached for a year', async () => {
    const eventId = await insertEvent(testApp.app);
    // 1200×300 stored sideways (EXIF orientation 6): it is shown, and must be served, 300×1200.
    const jpeg = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#1e3a8a' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Cámara de alguien' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const response = await admin.post('event/update', {
      event: { id: eventId, name: 'Con foto' },
      image: dataUrl(jpeg, 'image/jpeg'),
    });
    expect(response.statusCode).toBe(200);

    const { image, image_srcset } = await eventImage(eventId);
    const entries = srcsetEntries(image_srcset);
    expect(entries.map((entry) => entry.width)).toEqual([160, 300]);
    expect(image).toBe(entries.at(-1)!.url);
    for (const { url, width } of entries) {
      expect(url).toMatch(/^\/images\/\d+\/[0-9a-f]{16}\/\d+\.webp$/);
      const served = await testApp.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width * 4 });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const stored = await testApp.app.db
      .selectFrom('images')
      .innerJoin('events', 'events.image_id', 'images.id')
      .select(['images.kind', 'images.width', 'images.height'])
      .where('events.id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'event', width: 300, height: 1200 });
  });

  it("sends the specification's /images/events/{id}.png to the event's current picture", async () => {
    const eventId = await insertEvent(testApp.app);
    const before = await testApp.app.inject({ method: 'GET', url: `/images/events/${eventId}.png` });
    expect(before.statusCode).toBe(404);
    await admin.post('event/update', {
      event: { id: eventId, name: 'Foto' },
      image: dataUrl(await pngBytes(200, 100)),
    });
    const { image } = await eventImage(eventId);
    const after = await testApp.app.inject({ method: 'GET', url: `/images/events/${eventId}.png` });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe(image);
    expect(after.headers['cache-control']).toBe('public, max-age=300');
  });

  it('gives a new upload new URLs, and the replaced image is deleted with all its sizes', async () => {
    const eventId = await insertEvent(testApp.app);
    await admin.post('event/update', {
      event: { id: eventId, name: 'Primera' },
      image: dataUrl(await pngBytes(600, 300, '#16a34a')),
    });
    const first = await eventImage(eventId);
    const before = await imageRowCounts();

    const replaced = await admin.post('event/update', {
      event: { id: eventId, name: 'Segunda' },
      image: dataUrl(await pngBytes(600, 300, '#9333ea')),
    });
    expect(replaced.statusCode).toBe(200);
    const second = await eventImage(eventId);
    expect(second.image).not.toBe(first.image);
    for (const { url } of srcsetEntries(first.image_srcset)) {
      const old = await testApp.app.inject({ method: 'GET', url });
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ status: 'warning', message: 'La imagen no existe' });
    }
    const fresh = await testApp.app.inject({ method: 'GET', url: second.image });
    expect(fresh.statusCode).toBe(200);
    const { dominant } = await sharp(fresh.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(dominant.g);
    // Same number of rows as before the replacement: the old image and its variants are gone.
    expect(await imageRowCounts()).toEqual(before);
    const oldId = Number(first.image.split('/')[2]);
    expect(await testApp.app.db.selectFrom('images').select('id').where('id', '=', oldId).execute()).toEqual(
      [],
    );
  });

  it('leaves exactly one image for an event after several uploads at once, and no image without its event', async () => {
    const eventId = await insertEvent(testApp.app);
    const colours = ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6'];
    const responses = await Promise.all(
      colours.map(async (colour) =>
        admin.post('event/update', {
          event: { id: eventId, name: 'A la vez' },
          image: dataUrl(await pngBytes(300, 200, colour)),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(colours.map(() => 200));
    const orphans = await testApp.app.db
      .selectFrom('images')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('events').select('events.id').whereRef('events.image_id', '=', 'images.id'))),
      )
      .execute();
    expect(orphans).toEqual([]);
    const { image } = await eventImage(eventId);
    expect((await testApp.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });

  it('answers 404 for a wrong version, an unknown size or a wrong extension of an existing image', async () => {
    const eventId = await insertEvent(testApp.app);
    await admin.post('event/update', {
      event: { id: eventId, name: 'Foto' },
      image: dataUrl(await pngBytes(200, 100)),
    });
    const { image } = await eventImage(eventId);
    const [, , id, version] = image.split('/');
    for (const url of [
      `/images/${id}/ffffffffffffffff/200.webp`,
      `/images/${id}/${version}/480.webp`,
      `/images/${id}/${version}/200.png`,
      `/images/${id}/${version}/200.webp.exe`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ status: 'warning', message: 'La imagen no existe' });
    }
  });

  it('refuses a PNG whose header claims 20000×20000 pixels with 413 before decoding, storing nothing', async () => {
    const eventId = await insertEvent(testApp.app);
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const before = await imageRowCounts();
    for (const call of ['event/add', 'event/update'] as const) {
      const response = await admin.post(call, {
        event: call === 'event/add' ? { name: 'Bomba' } : { id: eventId, name: 'Bomba' },
        image: dataUrl(bomb),
      });
      expect(response.statusCode).toBe(413);
      expect(response.body).toEqual({
        status: 'warning',
        message: 'La imagen es demasiado grande: como máximo 50 megapíxeles',
      });
    }
    expect(await imageRowCounts()).toEqual(before);
    const events = await testApp.app.db.selectFrom('events').select(['name', 'image_id']).execute();
    expect(events.filter((event) => event.name === 'Bomba')).toEqual([]);
  });

  it('accepts a picture just under the pixel limit as declared', async () => {
    const eventId = await insertEvent(testApp.app);
    const response = await admin.post('event/update', {
      event: { id: eventId, name: 'Panorámica' },
      image: dataUrl(await pngBytes(10_000, 4_999)),
    });
    expect(response.statusCode).toBe(200);
    const { image } = await eventImage(eventId);
    expect(image).toMatch(/\/1080\.webp$/);
  });
});

describe('uploads left on disk by earlier versions', () => {
  let legacy: StartedTestApp;
  let legacyEventId = 0;
  afterAll(async () => {
    await legacy?.close();
  });

  it('become the event image in the database when the app starts after the migration', async () => {
    legacy = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        // The database as it was before migration 0011, with an event that had an upload on disk.
        const db = createDatabase(config);
        await migrateBefore(db, '0011');
        const now = new Date().toISOString();
        const { id } = await (db as any)
          .insertInto('events')
          .values({
            name: 'Evento con foto antigua',
            day: '2030-03-01',
            hour: '20:00',
            description: '',
            price_m_cents: 0,
            price_w_cents: 0,
            limit_m: 5,
            limit_w: 5,
            occupation: 0,
            status_id: 1,
            image_version: 2,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        legacyEventId = id;
        await db.destroy();
        const folder = path.join(config.dataDir, 'images', 'events');
        fs.mkdirSync(folder, { recursive: true });
        fs.writeFileSync(path.join(folder, `${id}.png`), await pngBytes(1600, 900, '#0891b2'));
        fs.writeFileSync(path.join(folder, '999.png'), await pngBytes(10, 10));
      },
    });
    const response = await legacy
      .agent()
      .post<{ event: { image: string; image_srcset: string } }>('event/details', { event_id: legacyEventId });
    expect(response.statusCode).toBe(200);
    expect(srcsetEntries(response.body.event.image_srcset).map((entry) => entry.width)).toEqual([
      160, 480, 1080,
    ]);
    const served = await legacy.app.inject({ method: 'GET', url: response.body.event.image });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1080,
      height: 608,
    });

    const folder = path.join(legacy.config.dataDir, 'images', 'events');
    expect(fs.readdirSync(folder).sort()).toEqual(['imported']);
    expect(fs.readdirSync(path.join(folder, 'imported')).sort()).toEqual(
      [`${legacyEventId}.png`, '999.png'].sort(),
    );
    const columns = await legacy.app.db.introspection.getTables();
    const events = columns.find((table) => table.name === 'events')!;
    expect(events.columns.map((column) => column.name)).not.toContain('image_version');
  });

  it('are imported once: running the import again with the file back in place adds nothing', async () => {
    const folder = path.join(legacy.config.dataDir, 'images', 'events');
    fs.copyFileSync(
      path.join(folder, 'imported', `${legacyEventId}.png`),
      path.join(folder, `${legacyEventId}.png`),
    );
    const before = await legacy.app.db.selectFrom('images').select('id').execute();
    await importLegacyEventImages(legacy.app.db, legacy.config.dataDir, legacy.app.log);
    expect(await legacy.app.db.selectFrom('images').select('id').execute()).toEqual(before);
  });
});
