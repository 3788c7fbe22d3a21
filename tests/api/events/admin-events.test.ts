import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditActions, insertClient, insertEvent, signUp } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ loginAdmin: true });
const { admin } = testApp;

async function pngDataUrl(width = 40, height = 20): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const fullEvent = {
  name: 'Cena de prueba',
  day: '2030-02-01',
  hour: '21:00',
  description: 'Descripción',
  price_m: 450.5,
  price_w: 350,
  limit_m: 5,
  limit_w: 6,
  category: 'party,speed-dating,',
  occupation: 1,
  status_id: 1,
};

describe('event/add and event/update', () => {
  it('creates an event with every admin field and an image, and shows it in the admin list', async () => {
    const response = await admin.post<{ event_id: number }>('event/add', {
      event: fullEvent,
      image: await pngDataUrl(),
    });
    expect(response.statusCode).toBe(200);
    const id = response.body.event_id;
    const details = await admin.post<{ event: any; assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: id,
    });
    expect(details.body.event).toMatchObject({ ...fullEvent, left_m: 5, left_w: 6 });
    expect(details.body.event.image).toMatch(/^\/images\/\d+\/[0-9a-f]{16}\/40\.webp$/);
    expect(details.body.event.image_srcset).toBe(`${details.body.event.image} 40w`);
    expect(details.body.assistance).toEqual([]);
    const image = await testApp.app.inject({ method: 'GET', url: details.body.event.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 20 });
    const list = await admin.post<{ events: any[] }>('event/get', { admin_id: testApp.adminId });
    expect(list.body.events.map((event) => event.name)).toContain('Cena de prueba');
    expect(await auditActions(testApp.app, 'event', id)).toEqual(['event.add']);
  });

  it('creates an event with only a name', async () => {
    const response = await admin.post<{ event_id: number }>('event/add', { event: { name: 'Borrador' } });
    expect(response.statusCode).toBe(200);
  });

  it('updates fields, replaces categories, and re-encodes a JPEG upload as WebP at 160, 480 and 1080 px wide', async () => {
    const id = await insertEvent(testApp.app);
    const jpeg = await sharp({ create: { width: 2400, height: 100, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const response = await admin.post('event/update', {
      event: { ...fullEvent, id, name: 'Actualizado', status_id: 3, category: 'networking,' },
      image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(response.statusCode).toBe(200);
    const details = await admin.post<{ event: any }>('event/details', {
      admin_id: testApp.adminId,
      event_id: id,
    });
    expect(details.body.event).toMatchObject({ name: 'Actualizado', status_id: 3, category: 'networking,' });
    expect(details.body.event.image).toMatch(/\/1080\.webp$/);
    expect(details.body.event.image_srcset.split(', ').map((entry: string) => entry.split(' ')[1])).toEqual([
      '160w',
      '480w',
      '1080w',
    ]);
    const image = await testApp.app.inject({ method: 'GET', url: details.body.event.image });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1080, height: 45 });
  });

  it('refuses a non-image, an SVG and a PNG declared as JPEG with 400, storing nothing', async () => {
    const id = await insertEvent(testApp.app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>').toString(
      'base64',
    );
    const png = (await pngDataUrl()).split(',')[1];
    for (const image of [
      `data:image/png;base64,${Buffer.from('no soy una imagen').toString('base64')}`,
      `data:image/svg+xml;base64,${svg}`,
      `data:image/png;base64,${svg}`,
      `data:image/jpeg;base64,${png}`,
    ]) {
      const response = await admin.post('event/update', { event: { ...fullEvent, id }, image });
      expect(response.statusCode).toBe(400);
      expect(response.body.status).toBe('warning');
    }
    const row = await testApp.app.db
      .selectFrom('events')
      .select(['name', 'image_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Evento de prueba', image_id: null });
  });

  it('refuses a 20 MB upload with 413', async () => {
    const image = `data:image/png;base64,${Buffer.alloc(20 * 1024 * 1024).toString('base64')}`;
    const response = await admin.post('event/add', { event: { name: 'Enorme' }, image });
    expect(response.statusCode).toBe(413);
  });

  it('refuses an image over 8 MB decoded inside the body limit with 413', async () => {
    const image = `data:image/png;base64,${Buffer.alloc(8.5 * 1024 * 1024).toString('base64')}`;
    const response = await admin.post('event/add', { event: { name: 'Grande' }, image });
    expect(response.statusCode).toBe(413);
  });

  it('refuses an update without the required name', async () => {
    const id = await insertEvent(testApp.app);
    const response = await admin.post('event/update', { event: { id, name: '' } });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an image that does not exist', async () => {
    for (const url of [
      '/images/999999/0123456789abcdef/480.webp',
      '/images/events/999999.png',
      '/images/x',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'warning', message: 'La imagen no existe' });
    }
  });
});

describe('attendance', () => {
  it('confirms and un-confirms, toggles contacted, exports CSV for Excel and clears the list', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1, limit_m: 1 });
    const woman = await insertClient(testApp.app, { first_name: 'Begoña', last_name: 'Peña', gender: 1 });
    const otherWoman = await insertClient(testApp.app, { gender: 1 });
    const lgbt = await insertClient(testApp.app, { gender: 3 });
    const first = await signUp(testApp.app, eventId, woman.id);
    const second = await signUp(testApp.app, eventId, otherWoman.id);
    const third = await signUp(testApp.app, eventId, lgbt.id);

    expect((await admin.post('event/update', { assistance: { id: first, status_id: 2 } })).statusCode).toBe(
      200,
    );
    const refused = await admin.post('event/update', { assistance: { id: second, status_id: 2 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toContain('Ya no hay lugares disponibles para mujeres');
    expect((await admin.post('event/update', { assistance: { id: third, status_id: 2 } })).statusCode).toBe(
      200,
    );

    let details = await admin.post<{ event: any; assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    expect(details.body.event).toMatchObject({ left_w: 0, left_m: 1, confirmed_w: 1 });
    expect(details.body.assistance.find((row) => row.id === first)).toMatchObject({
      client: 'Begoña Peña',
      status_id: 2,
      email: woman.email,
    });

    expect((await admin.post('event/update', { assistance: { id: first, status_id: 1 } })).statusCode).toBe(
      200,
    );
    expect((await admin.post('event/update', { assistance: { id: second, status_id: 2 } })).statusCode).toBe(
      200,
    );
    expect((await admin.post('event/update', { contacted: { id: first, contacted: 1 } })).statusCode).toBe(
      200,
    );

    const csv = await testApp.app.inject({
      method: 'GET',
      url: `/api/event/attendance.csv?event_id=${eventId}`,
      headers: { cookie: `cita_admin=${admin.cookie('cita_admin')}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('Nombre,Correo,Teléfono');
    expect(csv.body).toContain('Begoña Peña');

    expect((await admin.post('event/update', { clean_id: eventId })).statusCode).toBe(200);
    details = await admin.post<{ event: any; assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    expect(details.body.assistance).toEqual([]);
    expect(await auditActions(testApp.app, 'assistance', first)).toEqual([
      'assistance.confirm',
      'assistance.unconfirm',
      'assistance.contacted',
    ]);
    expect(await auditActions(testApp.app, 'event', eventId)).toEqual(['assistance.clean']);
  });

  it('never confirms more women than the limit under 40 concurrent confirmations', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 10, limit_m: 10 });
    const ids: number[] = [];
    for (let index = 0; index < 40; index++) {
      const client = await insertClient(testApp.app, { gender: 1 });
      ids.push(await signUp(testApp.app, eventId, client.id));
    }
    const agents = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const agent = testApp.agent();
        await agent.loginAdmin();
        return agent;
      }),
    );
    const responses = await Promise.all(
      ids.map((id, index) =>
        agents[index % agents.length]!.post('event/update', { assistance: { id, status_id: 2 } }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(30);
    const { total } = await testApp.app.db
      .selectFrom('assistance')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('event_id', '=', eventId)
      .where('status_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(10);
  });
});

describe('event/update body', () => {
  it('keeps the fields a partial update leaves out', async () => {
    const id = await insertEvent(testApp.app, { limit_w: 7 });
    const response = await admin.post('event/update', { event: { id, name: 'Solo el nombre' } });
    expect(response.statusCode).toBe(200);
    const details = await admin.post<{ event: any }>('event/details', {
      admin_id: testApp.adminId,
      event_id: id,
    });
    expect(details.body.event).toMatchObject({
      name: 'Solo el nombre',
      limit_w: 7,
      day: '2030-01-15',
      price_w: 100,
    });
  });

  it('names the wrong field and refuses a body with two or no actions', async () => {
    const wrongStatus = await admin.post('event/update', { assistance: { id: 1, status_id: 5 } });
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.body.message).toContain('estado');
    for (const body of [{}, { clean_id: 1, contacted: { id: 1, contacted: 1 } }]) {
      const response = await admin.post('event/update', body);
      expect(response.statusCode).toBe(400);
      expect(response.body.message).toContain('exactamente uno');
    }
  });
});
