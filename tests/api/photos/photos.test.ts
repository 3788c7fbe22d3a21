import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MemberPhoto } from '../../../src/shared/contracts/photos';
import { FIXTURE_PASSWORD, insertAdvert } from '../../support/admin-fixtures';
import { dataUrl, pngBytes, pngClaiming } from '../../support/images';
import { insertPhoto } from '../../support/photo-fixtures';
import { type Agent, setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;
const visitor = testApp.agent();

type PhotosAnswer = { photos: MemberPhoto[]; photo: MemberPhoto };

async function rowCounts(clientId?: number) {
  const db = testApp.app.db;
  const count = async (table: 'photos' | 'images' | 'image_variants') => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (table === 'photos' && clientId !== undefined) query = query.where('client_id', '=', clientId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  return {
    photos: await count('photos'),
    images: await count('images'),
    variants: await count('image_variants'),
  };
}

/** Every variant URL of a photo: its clear srcset sizes and its blurred picture. */
function variantUrls(photo: { url: string; srcset: string }) {
  const clear = photo.srcset.split(', ').map((entry) => entry.split(' ')[0]!);
  const blurred = photo.url.replace(/\/[^/]+\.webp$/, '/blur.webp');
  return { clear, blurred };
}

async function upload(agent: Agent, image: string) {
  return agent.post<PhotosAnswer>('client/photos/add', { image });
}

describe('client/photos: a member keeps up to six photos', () => {
  it('stores an upload pending with clear sizes and a blurred one; only the owner and admins see it until approved', async () => {
    const owner = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const added = await upload(owner.agent, dataUrl(await pngBytes(1600, 1200)));
    expect(added.statusCode).toBe(200);
    expect(added.body.photo).toMatchObject({ status_id: 1, position: 1, reason: null });
    const listed = await owner.agent.post<PhotosAnswer>('client/photos/get', { client_id: owner.id });
    expect(listed.body.photos).toEqual([added.body.photo]);
    const { clear, blurred } = variantUrls(added.body.photo);
    expect(clear.map((url) => url.split('/').at(-1))).toEqual(['160.webp', '480.webp', '1080.webp']);

    for (const url of [...clear, blurred]) {
      // Pending: the owner sees the clear sizes, nobody else sees anything.
      expect((await visitor.get(url)).statusCode).toBe(url === blurred ? 404 : 401);
      expect((await other.agent.get(url)).statusCode).toBe(404);
    }
    const own = await owner.agent.get(clear[1]!);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toMatch(/^private/);
    expect((await admin.get(clear[2]!)).statusCode).toBe(200);
    expect((await owner.agent.get(blurred)).statusCode).toBe(404);
  });

  it('refuses a non-image, a lying type, more than 8 MB and more than 50 megapixels, storing nothing', async () => {
    const owner = await loggedInClient(testApp);
    const before = await rowCounts();
    const cases: [string, number, RegExp][] = [
      [
        `data:image/png;base64,${Buffer.from('esto no es una imagen').toString('base64')}`,
        400,
        /PNG, JPEG o WebP/,
      ],
      [dataUrl(await pngBytes(100, 100), 'image/jpeg'), 400, /no coincide/],
      [`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`, 400, /PNG, JPEG o WebP/],
      [dataUrl(Buffer.alloc(8 * 1024 * 1024 + 10, 1)), 413, /8 MB/],
      [dataUrl(await pngClaiming(10_000, 6_000)), 413, /50 megapíxeles/],
      ['https://example.com/foto.jpg', 400, /PNG, JPEG o WebP/],
    ];
    for (const [image, code, message] of cases) {
      const response = await upload(owner.agent, image);
      expect(response.statusCode, message.source).toBe(code);
      expect(response.body.status).toBe('warning');
      expect(response.body.message).toMatch(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('lets an 8 MB image through as a base64 data URL', async () => {
    const owner = await loggedInClient(testApp);
    // Noise does not compress: a 1600 × 1700 PNG of it weighs just under 8 MB.
    const noise = Buffer.alloc(1600 * 1700 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 1600, height: 1700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(7.5 * 1024 * 1024);
    expect(png.length).toBeLessThanOrEqual(8 * 1024 * 1024);
    const response = await upload(owner.agent, dataUrl(png));
    expect(response.statusCode, response.body.message).toBe(200);
  });

  it('refuses a seventh photo with 409 and stores nothing', async () => {
    const owner = await loggedInClient(testApp);
    for (let index = 0; index < 6; index++) await insertPhoto(testApp.app, owner.id);
    const before = await rowCounts();
    const response = await upload(owner.agent, dataUrl(await pngBytes(300, 300)));
    expect(response.statusCode).toBe(409);
    expect(response.body.message).toBe('Ya tienes 6 fotos: borra una para subir otra');
    expect(await rowCounts()).toEqual(before);
  });

  it('ten uploads at once by one member stop at six, numbered 1 to 6', async () => {
    const owner = await loggedInClient(testApp);
    const image = dataUrl(await pngBytes(400, 400));
    const before = await rowCounts();
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(owner.agent, image)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 409, 409, 409, 409]);
    const rows = await testApp.app.db
      .selectFrom('photos')
      .select('position')
      .where('client_id', '=', owner.id)
      .orderBy('position')
      .execute();
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6]);
    const after = await rowCounts();
    // No image row without its photo.
    expect(after.images - before.images).toBe(6);
  });

  it('reorders photos (position 1 is the main one) and refuses a position past the last', async () => {
    const owner = await loggedInClient(testApp);
    const [a, b, c] = [
      await insertPhoto(testApp.app, owner.id),
      await insertPhoto(testApp.app, owner.id),
      await insertPhoto(testApp.app, owner.id),
    ];
    const moved = await owner.agent.post<PhotosAnswer>('client/photos/update', {
      client_id: owner.id,
      photo: { id: c!.id, position: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.body.photos.map((photo) => [photo.id, photo.position])).toEqual([
      [c!.id, 1],
      [a!.id, 2],
      [b!.id, 3],
    ]);
    const back = await owner.agent.post<PhotosAnswer>('client/photos/update', {
      photo: { id: c!.id, position: 3 },
    });
    expect(back.body.photos.map((photo) => photo.id)).toEqual([a!.id, b!.id, c!.id]);
    const tooFar = await owner.agent.post('client/photos/update', { photo: { id: a!.id, position: 4 } });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.body.message).toBe('Tienes 3 fotos: la posición es a lo más 3');
    const outOfRange = await owner.agent.post('client/photos/update', { photo: { id: a!.id, position: 7 } });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('deletes a photo with its image and moves the later ones up', async () => {
    const owner = await loggedInClient(testApp);
    const first = await insertPhoto(testApp.app, owner.id);
    const second = await insertPhoto(testApp.app, owner.id);
    const third = await insertPhoto(testApp.app, owner.id);
    const listed = await owner.agent.post<PhotosAnswer>('client/photos/get', {});
    const url = listed.body.photos[0]!.url;
    const before = await rowCounts();
    const deleted = await owner.agent.post<PhotosAnswer>('client/photos/delete', {
      client_id: owner.id,
      photo_id: first.id,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body.photos.map((photo) => [photo.id, photo.position])).toEqual([
      [second.id, 1],
      [third.id, 2],
    ]);
    const after = await rowCounts();
    expect(after.photos).toBe(before.photos - 1);
    expect(after.images).toBe(before.images - 1);
    expect(after.variants).toBeLessThan(before.variants);
    expect((await owner.agent.get(url)).statusCode).toBe(404);
  });

  it("answers 404 for another member's photo id and changes nothing", async () => {
    const owner = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const photo = await insertPhoto(testApp.app, owner.id);
    const before = await rowCounts();
    const moved = await other.agent.post('client/photos/update', { photo: { id: photo.id, position: 1 } });
    const deleted = await other.agent.post('client/photos/delete', { photo_id: photo.id });
    for (const response of [moved, deleted]) {
      expect(response.statusCode).toBe(404);
      expect(response.body.message).toBe('La foto no existe');
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('moderation', () => {
  it('lists pending photos on the dashboard; approving makes them public (blurred for visitors) and is audited', async () => {
    const owner = await loggedInClient(testApp, { first_name: 'Lucía', last_name: 'Ramírez' });
    const member = await loggedInClient(testApp);
    const added = await upload(owner.agent, dataUrl(await pngBytes(900, 1200)));
    const photo = added.body.photo;
    const dashboard = await admin.post<{
      photos: { id: number; client_id: number; client: string; url: string }[];
    }>('admin/dashboard');
    expect(dashboard.body.photos).toContainEqual(
      expect.objectContaining({ id: photo.id, client_id: owner.id, client: 'Lucía Ramírez', url: photo.url }),
    );

    const approved = await admin.post('admin/photos/update', { photo: { id: photo.id, status_id: 2 } });
    expect(approved.statusCode).toBe(200);
    expect(approved.body.photo).toMatchObject({ id: photo.id, status_id: 2, reason: null });
    const after = await admin.post<{ photos: { id: number }[] }>('admin/dashboard');
    expect(after.body.photos.map((entry) => entry.id)).not.toContain(photo.id);

    const { clear, blurred } = variantUrls(photo);
    for (const url of clear) {
      expect((await visitor.get(url)).statusCode).toBe(401);
      const seen = await member.agent.get(url);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    }
    const publicBlur = await visitor.get(blurred);
    expect(publicBlur.statusCode).toBe(200);
    expect(publicBlur.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(publicBlur.headers['content-type']).toBe('image/webp');
    expect(publicBlur.headers['x-content-type-options']).toBe('nosniff');

    const audit = await admin.post<{ entries: { sentence: string }[] }>('admin/audit/get');
    expect(audit.body.entries[0]!.sentence).toMatch(/aprobó una foto de Lucía R\.$/);
  });

  it('rejects only with a reason, which the member reads', async () => {
    const owner = await loggedInClient(testApp, { first_name: 'Marta', last_name: 'Soto' });
    const photo = await insertPhoto(testApp.app, owner.id, { status_id: 1 });
    const noReason = await admin.post('admin/photos/update', { photo: { id: photo.id, status_id: 3 } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body.message).toMatch(/motivo/);
    const blankReason = await admin.post('admin/photos/update', {
      photo: { id: photo.id, status_id: 3, reason: '  ' },
    });
    expect(blankReason.statusCode).toBe(400);
    const rejected = await admin.post('admin/photos/update', {
      photo: { id: photo.id, status_id: 3, reason: 'No se ve tu rostro' },
    });
    expect(rejected.statusCode).toBe(200);
    const own = await owner.agent.post<PhotosAnswer>('client/photos/get', {});
    expect(own.body.photos[0]).toMatchObject({ id: photo.id, status_id: 3, reason: 'No se ve tu rostro' });
    const audit = await admin.post<{ entries: { sentence: string }[] }>('admin/audit/get');
    expect(audit.body.entries[0]!.sentence).toBe(
      `${audit.body.entries[0]!.sentence.split(' rechazó')[0]} rechazó una foto de Marta S. («No se ve tu rostro»).`,
    );
    const missing = await admin.post('admin/photos/update', { photo: { id: 999_999, status_id: 2 } });
    expect(missing.statusCode).toBe(404);
  });

  it('serves approved photos without EXIF or GPS data in any variant', async () => {
    const owner = await loggedInClient(testApp);
    const jpeg = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#7c2d12' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Teléfono de Ana', Make: 'Cámara' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '19/1 25/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '99/1 8/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const added = await upload(owner.agent, dataUrl(jpeg, 'image/jpeg'));
    expect(added.statusCode).toBe(200);
    await admin.post('admin/photos/update', { photo: { id: added.body.photo.id, status_id: 2 } });
    const { clear, blurred } = variantUrls(added.body.photo);
    for (const url of [...clear, blurred]) {
      const bytes = await (url === blurred ? visitor : admin).getBytes(url);
      expect(bytes.length, url).toBeGreaterThan(100);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, url).toBeUndefined();
      expect(metadata.icc, url).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif')), url).toBe(false);
      expect(bytes.includes(Buffer.from('GPS')), url).toBe(false);
      expect(bytes.includes(Buffer.from('Ana')), url).toBe(false);
    }
  });
});

describe('photos where members appear', () => {
  type AdvertsAnswer = {
    adverts: {
      client_id: number;
      photo: string | null;
      photos: { id: number; url: string; srcset: string }[];
    }[];
  };

  async function advertOf(agent: Agent, clientId: number) {
    const response = await agent.post<AdvertsAnswer>('adverts/get', { limit: 50 });
    expect(response.statusCode).toBe(200);
    return response.body.adverts.find((advert) => advert.client_id === clientId);
  }

  it('adverts/get gives visitors blurred URLs and members and admins clear ones, approved photos only, in order', async () => {
    const owner = await loggedInClient(testApp);
    const member = await loggedInClient(testApp);
    await insertAdvert(testApp.app, owner.id, { description: 'Me encanta el café' });
    await insertPhoto(testApp.app, owner.id, { status_id: 1 });
    const second = await insertPhoto(testApp.app, owner.id, { status_id: 2 });
    await insertPhoto(testApp.app, owner.id, { status_id: 3 });
    const fourth = await insertPhoto(testApp.app, owner.id, { status_id: 2 });

    const seenByVisitor = await advertOf(visitor, owner.id);
    expect(seenByVisitor!.photos.map((photo) => photo.id)).toEqual([second.id, fourth.id]);
    expect(seenByVisitor!.photo).toMatch(/\/blur\.webp$/);
    for (const photo of seenByVisitor!.photos) {
      expect(photo.url).toMatch(/\/blur\.webp$/);
      expect(photo.srcset).not.toMatch(/\/\d+\.webp/);
      expect((await visitor.get(photo.url)).statusCode).toBe(200);
    }

    for (const viewer of [member.agent, admin]) {
      const seen = await advertOf(viewer, owner.id);
      expect(seen!.photos.map((photo) => photo.id)).toEqual([second.id, fourth.id]);
      expect(seen!.photo).toMatch(/\/480\.webp$/);
      expect(seen!.photos[0]!.url).toMatch(/\/600\.webp$/);
      expect((await viewer.get(seen!.photo!)).statusCode).toBe(200);
      expect((await visitor.get(seen!.photo!)).statusCode).toBe(401);
    }
    const withoutPhotos = await loggedInClient(testApp);
    await insertAdvert(testApp.app, withoutPhotos.id);
    expect(await advertOf(member.agent, withoutPhotos.id)).toMatchObject({ photo: null, photos: [] });
  });

  it("stops serving an inactive member's photos to others", async () => {
    const owner = await loggedInClient(testApp);
    const member = await loggedInClient(testApp);
    await insertPhoto(testApp.app, owner.id, { status_id: 2 });
    const own = await owner.agent.post<PhotosAnswer>('client/photos/get', {});
    const { clear, blurred } = variantUrls(own.body.photos[0]!);
    expect((await member.agent.get(clear[0]!)).statusCode).toBe(200);
    await admin.post('admin/clients/update', { client: { id: owner.id, status_id: 2 } });
    expect((await member.agent.get(clear[0]!)).statusCode).toBe(404);
    expect((await visitor.get(blurred)).statusCode).toBe(404);
  });

  it('interest lists and the back office show the main approved photo', async () => {
    const owner = await loggedInClient(testApp, { first_name: 'Paola', last_name: 'Fotográfica' });
    const fan = await loggedInClient(testApp);
    const advertId = await insertAdvert(testApp.app, owner.id, { description: 'Hola' });
    await insertPhoto(testApp.app, owner.id, { status_id: 1 });
    await insertPhoto(testApp.app, owner.id, { status_id: 2 });
    const main = (await owner.agent.post<PhotosAnswer>('client/photos/get', {})).body.photos[1]!;
    const card = main.srcset.split(', ')[1]!.split(' ')[0];

    const added = await fan.agent.post('client/interested/add', { interes: { interested_id: advertId } });
    expect(added.statusCode).toBe(200);
    const interests = await fan.agent.post<{ interested: { client_id: number; photo: string | null }[] }>(
      'client/interested/get',
    );
    expect(interests.body.interested.find((entry) => entry.client_id === owner.id)?.photo).toBe(card);

    const clients = await admin.post<{ clients: { id: number; photo: string | null }[] }>(
      'admin/clients/get',
      {
        search: 'Fotográfica',
      },
    );
    expect(clients.body.clients.find((client) => client.id === owner.id)?.photo).toBe(card);

    const matches = await admin.post<{
      matches: { id: number; client_b_id: number; client_b_photo: string | null }[];
    }>('admin/matches', { tab: 'interests', search: 'Fotográfica' });
    const pair = matches.body.matches.find((entry) => entry.client_b_id === owner.id)!;
    expect(pair.client_b_photo).toBe(card);
    const detail = await admin.post<{
      match: { client_b: { photo: string | null; photos: { url: string }[] } };
    }>('admin/matches', { match_id: pair.id });
    expect(detail.body.match.client_b.photo).toBe(card);
    expect(detail.body.match.client_b.photos.map((photo) => photo.url)).toEqual([main.url]);
  });

  it('the data export lists the photos; erasing the account removes them and their images', async () => {
    const owner = await loggedInClient(testApp);
    await insertPhoto(testApp.app, owner.id, { status_id: 2 });
    await insertPhoto(testApp.app, owner.id, { status_id: 1 });
    const exported = await owner.agent.post<{
      data: { photos: { id: number; status_id: number; url: string }[] };
    }>('client/data/export');
    expect(exported.body.data.photos).toHaveLength(2);
    expect(exported.body.data.photos[0]!.url).toMatch(
      /^https?:\/\/.+\/images\/\d+\/[0-9a-f]{16}\/600\.webp$/,
    );
    const url = (await owner.agent.post<PhotosAnswer>('client/photos/get', {})).body.photos[0]!.url;

    const before = await rowCounts();
    const erased = await owner.agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    expect(erased.statusCode).toBe(200);
    const after = await rowCounts();
    expect(await rowCounts(owner.id)).toMatchObject({ photos: 0 });
    expect(after.images).toBe(before.images - 2);
    expect((await admin.get(url)).statusCode).toBe(404);
  });
});
